import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/db/index.ts';
import { testDatabases } from '@growmail/test-support/databases';

const databases = await testDatabases();

describe.each(databases)('the data layer on $name', ({ name, open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('reports its dialect', () => {
    expect(db.dialect).toBe(name);
  });

  it('returns the rows of INSERT … RETURNING', async () => {
    const { rows } = await sql<{ id: string; type: string; email: string; created_at: string }>`
      insert into leads (id, type, email, metadata)
      values (${'lead-1'}, ${'savings'}, ${'ada@example.com'}, ${'{"savings":120}'})
      returning id, type, email, created_at`.execute(db.kysely);
    const row = rows[0]!;
    expect(row).toMatchObject({ id: 'lead-1', type: 'savings', email: 'ada@example.com' });
    expect(row.created_at).toBeTruthy();
  });

  it('returns the rows of a raw select', async () => {
    const result = await sql<{ email: string }>`select email from leads where id = ${'lead-1'}`.execute(db.kysely);
    expect(result.rows).toEqual([{ email: 'ada@example.com' }]);
  });

  it('reports affected rows of an update', async () => {
    const result = await sql`update leads set email = ${'grace@example.com'} where id = ${'lead-1'}`.execute(db.kysely);
    expect(Number(result.numAffectedRows)).toBe(1);
  });

  it('binds booleans and dates', async () => {
    const result = await sql<{
      yes: number | boolean;
      at: string;
    }>`select ${true} as yes, ${new Date(0)} as at`.execute(db.kysely);
    expect(Boolean(result.rows[0]?.yes)).toBe(true);
  });

  it('runs the migrations once: a second run changes nothing', async () => {
    await migrateToLatest(db.kysely);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from leads`.execute(db.kysely);
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
