import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/index.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { createSchema, testDatabases } from '@growmail/test-support/databases';

const servers = 6;

/**
 * Several servers starting at once on one PostgreSQL (D27): each runs the migrations at start,
 * and only one may apply them while the others wait and then find nothing left to do. The lock
 * is Kysely's own advisory lock; without it, five of six fail creating the same tables.
 */
describe.runIf((await testDatabases()).some((database) => database.name === 'postgres'))(
  'servers migrating one PostgreSQL at once',
  () => {
    let schema: Awaited<ReturnType<typeof createSchema>>;
    let dbs: Db[] = [];
    beforeAll(async () => {
      schema = await createSchema('migrate');
      dbs = Array.from({ length: servers }, () => openDatabase(schema.url));
    });
    afterAll(async () => {
      for (const db of dbs) await db.close();
      await schema?.drop();
    });

    it('all succeed, and each migration is applied once', async () => {
      const results = await Promise.allSettled(dbs.map((db) => migrateToLatest(db.kysely)));
      expect(results.map((result) => result.status)).toEqual(Array(servers).fill('fulfilled'));

      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(dbs[0]!.kysely);
      const names = Object.keys(await migrationProvider.getMigrations()).sort();
      expect(applied.rows.map((row) => row.name).sort()).toEqual(names);
    });
  },
);
