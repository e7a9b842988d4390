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
    const row = await db.kysely
      .insertInto('leads')
      .values({ id: 'lead-1', type: 'savings', email: 'ada@example.com', metadata: '{"savings":120}' })
      .returning(['id', 'type', 'email', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: 'lead-1', type: 'savings', email: 'ada@example.com' });
    expect(row.created_at).toBeTruthy();
  });

  it('returns the rows of a raw select', async () => {
    const result = await sql<{ email: string }>`select email from leads where id = ${'lead-1'}`.execute(db.kysely);
    expect(result.rows).toEqual([{ email: 'ada@example.com' }]);
  });

  it('reports affected rows of an update', async () => {
    const result = await db.kysely
      .updateTable('leads')
      .set({ email: 'grace@example.com' })
      .where('id', '=', 'lead-1')
      .executeTakeFirst();
    expect(Number(result.numUpdatedRows)).toBe(1);
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
    const count = await db.kysely
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});
