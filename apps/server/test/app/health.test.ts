import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/index.ts';
import { testApp } from '@growmail/test-support/app';
import { createSchema, postgresUrl, testDatabases } from '@growmail/test-support/databases';
import { startTcpProxy } from '@growmail/test-support/tcp-proxy';

describe('liveness and readiness', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  let queries = 0;
  beforeAll(async () => {
    // Counts every query the app sends, to show which answers touch the database.
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = openDatabase('sqlite::memory:');
    await migrateToLatest(db.kysely);
    app = await testApp({}, { db: { ...db, kysely: db.kysely.withPlugin(counting) } });
  });
  afterAll(() => app.close());

  it('answers liveness without touching the database', async () => {
    const before = queries;
    const response = await app.inject('/services/health/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: null, payload: { status: 'live' } });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(queries).toBe(before);
  });

  it('answers readiness with the database state, without a query of its own', async () => {
    const before = queries;
    const response = await app.inject('/services/health/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      error: null,
      payload: { status: 'ready', database: 'available', version: 'release' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(queries).toBe(before);
  });

  it('keeps the full health check a query, for the operator', async () => {
    const before = queries;
    expect((await app.inject('/services/health')).statusCode).toBe(200);
    expect(queries).toBeGreaterThan(before);
  });
});

/**
 * A server whose database is unreachable still serves every page (D26), so readiness keeps it
 * in rotation and says why the forms answer 503; the full health check names the database.
 */
describe.runIf((await testDatabases()).some((database) => database.name === 'postgres'))(
  'liveness and readiness without the database',
  () => {
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let app: Awaited<ReturnType<typeof testApp>>;
    let schema: Awaited<ReturnType<typeof createSchema>>;
    beforeAll(async () => {
      schema = await createSchema('ready');
      const target = new URL(postgresUrl);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, { open: false });
      const url = new URL(schema.url);
      url.port = String(proxy.port);
      app = await testApp({ DATABASE_URL: url.toString() });
    });
    afterAll(async () => {
      await app?.close();
      await proxy?.close();
      await schema?.drop();
    });

    it('stays live and ready, reports the database unavailable, and still serves pages', async () => {
      expect((await app.inject('/services/health/live')).statusCode).toBe(200);
      const ready = await app.inject('/services/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        error: null,
        payload: { status: 'ready', database: 'unavailable', version: 'release' },
      });
      expect((await app.inject('/services/health')).statusCode).toBe(503);
      expect((await app.inject('/pricing')).statusCode).toBe(200);
    });

    it('reports the database available once it answers and is migrated', async () => {
      proxy.restore();
      await expect
        .poll(async () => (await app.inject('/services/health/ready')).json().payload.database, { timeout: 15_000 })
        .toBe('available');
    });
  },
);
