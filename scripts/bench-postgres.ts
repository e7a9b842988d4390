import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDefaultUser } from '../apps/server/src/db/index.ts';

/**
 * A schema of its own on the bench's PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * the local `test` database), reached through the URL's search_path, and dropped by `drop`. pg_trgm
 * goes in public first: left to the migration it would go in this schema and leave with it.
 */
export async function benchSchema(prefix: string) {
  const base = withDefaultUser(
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test',
  );
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin('create extension if not exists pg_trgm with schema public');
  await admin(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => admin(`drop schema ${schema} cascade`) };
}
