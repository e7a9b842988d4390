import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtCataloguePath, type Catalogue } from '@growmail/contracts/catalogue';
import { catalogueFromAnswer } from '@growmail/contracts/catalogue-shape';
import catalogueData from '@growmail/site/content/catalogue.json' with { type: 'json' };
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { dataAccess } from '../../src/repositories/index.ts';
import { releaseOf } from '../../src/site/release.ts';

describe('GET /services/modules/modules', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the catalogue as {error: null, payload: {data, meta: {size}}} (D13)', async () => {
    const response = await app.inject({ method: 'GET', url: '/services/modules/modules' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.error).toBeNull();
    expect(body.payload.meta).toEqual({ size: 4 });
    expect(body.payload.data.map((module: { code: string }) => module.code)).toEqual([
      'campaign',
      'automation',
      'transactional',
      'analytics',
    ]);
    expect(catalogueFromAnswer(body.payload)).toEqual(catalogueData);
  });

  it('carries the volume rate tiers with the two suspect values flagged (D11)', async () => {
    const { payload } = (await app.inject({ method: 'GET', url: '/services/modules/modules' })).json();
    const ninth = payload.rates.tiers[8];
    expect(ninth.rates).toEqual({ NGN: 0.6, USD: 0.00083, KES: 0.48, GHS: 0.0059, XOF: 0.3, XAF: 0.3 });
    expect(Object.keys(ninth.suspect)).toEqual(['KES', 'USD']);
    expect(payload.rates.tiers[0].rates).toEqual({ NGN: 1, USD: 0.00083, KES: 0.08, GHS: 0.0098, XOF: 0.5, XAF: 0.5 });
  });

  it('is never cached, like every service answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/services/modules/modules' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 in the spec shape for other paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/services/modules/prices' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found.', payload: null });
  });
});

describe('the catalogue of the version being served (D45)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'growmail-prices-'));
  const databaseUrl = `sqlite:${join(folder, 'site.sqlite')}`;
  let servers: FastifyInstance[];
  beforeAll(async () => {
    // Two servers on one SQLite file, as deploy.md has two on one machine.
    servers = [await testApp({ DATABASE_URL: databaseUrl }), await testApp({ DATABASE_URL: databaseUrl })];
    await Promise.all(servers.map((server) => server.ready()));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(folder, { recursive: true, force: true });
  });
  const campaignDollars = async (server: FastifyInstance) => {
    const { payload } = (await server.inject('/services/modules/modules')).json();
    const prices = catalogueFromAnswer(payload)!.modules[0]!.pricing[0]!.prices;
    return prices.find((price) => price.currency === 'USD')!.amount;
  };

  it('answers every server the prices of the published version once it is swapped in, never the release’s', async () => {
    const [one, two] = servers as [FastifyInstance, FastifyInstance];
    expect(await campaignDollars(one)).toBe(19);
    const data = dataAccess(one.db);
    const changed = structuredClone(catalogueData) as Catalogue;
    changed.modules[0]!.pricing[0]!.prices.find((price) => price.currency === 'USD')!.amount = 21;
    const id = randomUUID();
    const release = releaseOf(join(import.meta.dirname, '..', '..', '..', 'site'));
    await data.contentVersions.store(
      { id, publishId: randomUUID(), commit: 'c0ffee', release, at: new Date() },
      new Map([[builtCataloguePath, Buffer.from(JSON.stringify(changed))]]),
    );
    await data.contentVersions.makeCurrent(id, new Date(), one.db.dialect);
    expect(await campaignDollars(two), 'before the server reads the version').toBe(19);
    await Promise.all(servers.map((server) => server.contentVersion.check()));
    for (const server of [one, two]) expect(await campaignDollars(server)).toBe(21);
  });

  it('refuses to serve a version whose catalogue fails its schema, naming the problem', () => {
    const bad = structuredClone(catalogueData) as Catalogue;
    bad.modules[2]!.pricing[0]!.discounts.month.value = 150;
    const [one] = servers as [FastifyInstance];
    expect(() => one.site.next(new Map([[builtCataloguePath, Buffer.from(JSON.stringify(bad))]]))).toThrow(
      /modules\.2\.pricing\.0\.discounts\.month\.value/,
    );
  });
});
