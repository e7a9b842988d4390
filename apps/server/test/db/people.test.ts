import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { addressPattern, jsonNeedle, names, without } from '../../src/people/address-match.ts';
import { escapeLike, jsonColumns, mentioning, type PeopleTable } from '../../src/repositories/people.ts';
import { commandActor } from '../../src/lib/actor.ts';
import { erasePerson } from '../../src/people/erase.ts';
import { exportPerson } from '../../src/people/export.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';
import { withAuditRefused } from '@growmail/test-support/audit';
import { testDatabases } from '@growmail/test-support/databases';
import { dataAccess } from '../../src/repositories/index.ts';

const config = loadConfig({ LOG_LEVEL: 'silent' });

describe('finding an address in text', () => {
  it('escapes what LIKE treats as wildcards, and the escape character', () => {
    expect(escapeLike('a_b%c\\d@x.io')).toBe('a\\_b\\%c\\\\d@x.io');
  });

  it.each([
    ['ann@x.io', true],
    ['Write to ANN@X.IO today', true],
    ['<ann@x.io>', true],
    ['"ann@x.io"', true],
    ['joann@x.io', false],
    ['ann@x.io.ng', false],
    ['ann@x.iox', false],
    ['jo.ann@x.io', false],
    ['ann@x.io.', true],
  ])('finds ann@x.io in %j: %s', (text, found) => {
    expect(names(text, addressPattern('ann@x.io'))).toBe(found);
  });

  it('looks into every string of parsed JSON, and replaces only the address', () => {
    const pattern = addressPattern('ann@x.io');
    const value = { body: 'Call Ann@x.io or joann@x.io', list: ['ann@x.io'], n: 1 };
    expect(names(value, pattern)).toBe(true);
    expect(without(value, pattern)).toEqual({ body: 'Call [erased] or joann@x.io', list: ['[erased]'], n: 1 });
  });
});

describe.each(await testDatabases())('people on request on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());

  const lead = (email: string, extra: Record<string, unknown> = {}) =>
    db.kysely
      .transaction()
      .execute((trx) =>
        storeLead(dataAccess(db), trx, config, 'enquiry', email, { fullname: 'Someone', email, ...extra }),
      );

  it('keeps only a salted hash, found in any case, and lifts it', async () => {
    await dataAccess(db).suppressions.add(' Kim@Example.com ');
    expect(await dataAccess(db).suppressions.has('kim@example.COM')).toBe(true);
    expect(await dataAccess(db).suppressions.has('kim2@example.com')).toBe(false);
    expect(await dataAccess(db).suppressions.among(['KIM@example.com', 'other@example.com'])).toEqual(
      new Set(['kim@example.com']),
    );
    const rows = await dataAccess(db).suppressions.all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('kim');
    expect(await dataAccess(db).suppressions.lift('KIM@example.com')).toBe(true);
    expect(await dataAccess(db).suppressions.has('kim@example.com')).toBe(false);
  });

  it('takes _ and % in an address literally', async () => {
    await lead('a_b@under.example');
    await lead('axb@under.example');
    await lead('a%b@under.example');
    const found = await exportPerson(dataAccess(db), 'A_B@under.example');
    expect(found.leads.map((row) => row.email)).toEqual(['a_b@under.example']);
    expect(found.mail.every((mail) => JSON.stringify(mail).includes('a_b@under.example'))).toBe(true);
    const erased = await erasePerson(dataAccess(db), 'a_b@under.example', commandActor('people'));
    expect(erased.deleted.leads).toBe(1);
    expect((await exportPerson(dataAccess(db), 'axb@under.example')).leads).toHaveLength(1);
    expect((await exportPerson(dataAccess(db), 'a%b@under.example')).leads).toHaveLength(1);
  });

  it('erases a person’s own rows, and only the address in someone else’s', async () => {
    const own = await lead('Ann@X.io');
    const other = await lead('joann@x.io', { body: 'My colleague ANN@x.io asked me to write; I am joann@x.io.' });

    const found = await exportPerson(dataAccess(db), 'ann@x.io');
    expect(found.leads.map((row) => row.id)).toEqual([own]);
    expect(found.mentioned_in).toEqual([
      { table: 'leads', id: other },
      // The mail to sales about joann's lead quotes her message.
      { table: 'outbox', id: expect.any(String) },
    ]);
    // Someone else's record is not shown to the person it mentions.
    expect(JSON.stringify(found)).not.toContain('colleague');

    const erased = await erasePerson(dataAccess(db), 'ann@x.io', commandActor('people'));
    expect(erased.deleted).toMatchObject({ leads: 1, outbox: 2 }); // the mail to sales and the acknowledgement
    expect(erased.rewritten).toEqual({ leads: 1, outbox: 1 });
    const kept = (await dataAccess(db).leads.find(other))!;
    expect(JSON.parse(kept.metadata)).toMatchObject({
      email: 'joann@x.io',
      body: 'My colleague [erased] asked me to write; I am joann@x.io.',
    });
    expect((await exportPerson(dataAccess(db), 'ann@x.io')).mentioned_in).toEqual([]);
    expect((await exportPerson(dataAccess(db), 'joann@x.io')).leads).toHaveLength(1);
  });

  it('audits an erasure with what went, naming who erased and never the address', async () => {
    await lead('tunde@audit.example');
    await erasePerson(dataAccess(db), 'tunde@audit.example', commandActor('people'));
    const [row] = await dataAccess(db).audit.forRecord('person', 'erased');
    expect(row).toMatchObject({ action: 'person.erased', member_name: 'npm run people', method: 'command' });
    // The lead, and the mail to sales and the acknowledgement.
    expect(JSON.parse(row!.detail)).toEqual({
      rows_deleted: 3,
      notes_deleted: 0,
      notes_rewritten: 0,
      audit_rewritten: 0,
    });
    expect(row!.detail).not.toContain('tunde');
  });

  it('keeps no erasure whose audit row cannot be written, the Marketing page’s totals included', async () => {
    const id = await lead('funmi@audit.example');
    await lead('kemi@audit.example', { body: 'Funmi@audit.example sent me.' });
    const state = async () => ({
      leads: await db.kysely.selectFrom('leads').selectAll().orderBy('id').execute(),
      outbox: await db.kysely.selectFrom('outbox').selectAll().orderBy('id').execute(),
      // The totals' key is eight columns: compared as a sorted list.
      totals: (await db.kysely.selectFrom('lead_totals').selectAll().execute())
        .map((row) => JSON.stringify(row))
        .sort(),
      suppressed: await dataAccess(db).suppressions.has('funmi@audit.example'),
      audit: await db.kysely.selectFrom('team_audit').selectAll().orderBy('id').execute(),
    });
    const before = await state();
    await withAuditRefused(db, () => erasePerson(dataAccess(db), 'funmi@audit.example', commandActor('people')));
    expect(await state()).toEqual(before);
    expect(await dataAccess(db).leads.find(id)).toBeDefined();
  });

  it('exports and erases a person’s demo bookings, freeing the slot, and keeps everyone else’s', async () => {
    const slot = { hostId: 'sales', start: new Date('2031-03-03T09:00:00Z'), end: new Date('2031-03-03T09:30:00Z') };
    const demos = dataAccess(db).demos;
    const own = await demos.take({
      ...slot,
      leadId: null,
      email: 'Bola@Demo.example',
      name: 'Bola',
      zone: 'Africa/Lagos',
    });
    const later = { ...slot, start: new Date('2031-03-04T09:00:00Z'), end: new Date('2031-03-04T09:30:00Z') };
    const other = await demos.take({ ...later, leadId: null, email: 'ada@demo.example', name: 'Ada', zone: 'UTC' });

    const found = await exportPerson(dataAccess(db), 'bola@demo.example');
    expect(found.demo_bookings).toEqual([
      expect.objectContaining({ id: own, email: 'Bola@Demo.example', name: 'Bola', status: 'booked' }),
    ]);
    const erased = await erasePerson(dataAccess(db), 'BOLA@demo.example', commandActor('people'));
    expect(erased.deleted.demo_bookings).toBe(1);
    expect((await exportPerson(dataAccess(db), 'bola@demo.example')).demo_bookings).toEqual([]);
    expect(await demos.booking(other!)).toMatchObject({ name: 'Ada' });
    // The slot is free again for someone else.
    expect(await demos.take({ ...slot, leadId: null, email: 'cy@demo.example', name: 'Cy', zone: 'UTC' })).toEqual(
      expect.any(String),
    );
  });
});

describe.each(await testDatabases())('looking up an address on $name', ({ name, open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());

  /** The plan the database makes for `lower(email) = ?` on a table, as text. */
  async function plan(table: 'leads' | 'quarantine' | 'demo_bookings'): Promise<string> {
    const query = sql`select * from ${sql.table(table)} where lower(email) = ${'ada@example.com'}`;
    if (name === 'sqlite') {
      const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(db.kysely);
      return rows.map((row) => row.detail).join('\n');
    }
    // A few rows are read fastest in full; forbid that, to see whether an index could serve.
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it.each(['leads', 'quarantine', 'demo_bookings'] as const)(
    'finds rows of %s by lower(email) through an index, not by reading the table',
    async (table) => {
      expect(await plan(table)).toContain(`${table}_lower_email`);
    },
  );
});

describe.each(await testDatabases())('finding a mention through an index on $name', ({ name, open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());

  const at = new Date().toISOString();
  /** A row of each table whose JSON text is `text`; the row's own address is never the one looked for. */
  const rowOf: Record<PeopleTable, (id: string, text: string) => Record<string, unknown>> = {
    contacts: (id, text) => ({ id, email: `${id}@own.example`, attributes: text, updated_at: at }),
    leads: (id, text) => ({ id, type: 'enquiry', email: 'own@own.example', metadata: text, created_at: at }),
    quarantine: (id, text) => ({
      id,
      form: 'demo',
      email: 'own@own.example',
      fields: text,
      reasons: '[]',
      created_at: at,
    }),
    outbox: (id, text) => ({ id, topic: 'lead:enquiry', message: text, next_attempt_at: at, created_at: at }),
    webhook_events: (id, text) => ({ id, type: 'lead.created', payload: text, next_attempt_at: at, created_at: at }),
  };
  /** Texts that name ann@x.io or ñandú@correo.es, between all kinds of characters, and texts that come close. */
  const texts = [
    { body: 'ann@x.io' },
    { body: 'Write to ANN@X.IO today' },
    { body: 'joann@x.io' },
    { note: ['x', 'Ann@x.io.ng'] },
    { body: 'ann@x.i o' },
    { body: 'ann @x.io' },
    { 'ann@x.io': true },
    { body: 'ÅNN@x.io' },
    { body: 'nothing here' },
    { body: 'Line one\nann@x.io, line two' },
    { body: '«ann@x.io»… or "ann@x.io".' },
    { body: 'me@ann@x.io' },
    { body: 'Escríbale a ñandú@correo.es—gracias' },
  ].map((value) => JSON.stringify(value));

  /** The ids of the rows whose text names `address`, by reading every row as address-match.ts does. */
  async function namedIn(table: PeopleTable, address: string): Promise<string[]> {
    const rows = await sql<{ id: string; text: string }>`select id, ${sql.ref(jsonColumns[table])} as text
      from ${sql.table(table)}`.execute(db.kysely);
    return rows.rows
      .filter((row) => names(JSON.parse(row.text), addressPattern(address)))
      .map((row) => row.id)
      .sort();
  }
  /** The ids the index finds, and of those the rows that name the address. */
  async function foundByIndex(table: PeopleTable, address: string) {
    const rows = await db.kysely
      .selectFrom(table)
      .select(['id', sql<string>`${sql.ref(jsonColumns[table])}`.as('text')])
      .where(mentioning(db.kysely, table, jsonNeedle(address)))
      .execute();
    const naming = rows.filter((row) => names(JSON.parse(row.text), addressPattern(address)));
    return { all: rows.map((row) => row.id).sort(), naming: naming.map((row) => row.id).sort() };
  }

  it.each(Object.keys(jsonColumns) as PeopleTable[])(
    'finds in %s every row that names the address, as rows are added, changed and deleted',
    async (table) => {
      const ids = texts.map((_, index) => `${table}-${index}`);
      for (const [index, text] of texts.entries()) {
        await db.kysely
          .insertInto(table)
          .values(rowOf[table](ids[index]!, text) as never)
          .execute();
      }
      const naming = (...indexes: number[]) => indexes.map((index) => ids[index]!).sort();
      expect(await namedIn(table, 'ann@x.io')).toEqual(naming(0, 1, 6, 9, 10, 11));
      expect(await namedIn(table, 'ñandú@correo.es')).toEqual(naming(12));
      for (const address of ['ann@x.io', 'joann@x.io', 'ñandú@correo.es', 'me@ann', 'nobody@x.io']) {
        expect((await foundByIndex(table, address)).naming).toEqual(await namedIn(table, address));
      }
      // PostgreSQL's index holds the addresses themselves; SQLite's finds the text, a few more rows.
      expect((await foundByIndex(table, 'ann@x.io')).all).toEqual(
        name === 'postgres' ? naming(0, 1, 6, 9, 10, 11) : naming(0, 1, 2, 3, 6, 9, 10, 11),
      );

      // The index follows the table: a rewritten text and a deleted row are found no more, a new text is.
      const column = jsonColumns[table];
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${'{"body":"[erased]"}'} where id = ${ids[1]}`.execute(
        db.kysely,
      );
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${'{"body":"ann@x.io"}'} where id = ${ids[8]}`.execute(
        db.kysely,
      );
      await sql`delete from ${sql.table(table)} where id = ${ids[0]}`.execute(db.kysely);
      expect((await foundByIndex(table, 'ann@x.io')).naming).toEqual(naming(6, 8, 9, 10, 11));
      expect(await namedIn(table, 'ann@x.io')).toEqual(naming(6, 8, 9, 10, 11));
    },
  );

  it('finds an address of a shape no form accepts by reading the text', async () => {
    const address = 'o"neil@x.io';
    await db.kysely
      .insertInto('leads')
      .values(rowOf.leads('odd-shape', JSON.stringify({ body: `Ask ${address}` })) as never)
      .execute();
    expect((await foundByIndex('leads', address)).naming).toEqual(['odd-shape']);
  });

  it.each(Object.keys(jsonColumns) as PeopleTable[])('looks up mentions in %s through its index', async (table) => {
    const query = db.kysely
      .selectFrom(table)
      .select('id')
      .where(mentioning(db.kysely, table, 'ada@example.com'));
    const { sql: text, parameters } = query.compile();
    const plan =
      name === 'sqlite'
        ? (
            await db.kysely.executeQuery<{ detail: string }>(
              CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
            )
          ).rows.map((row) => row.detail)
        : await db.kysely.transaction().execute(async (trx) => {
            // A few rows are read fastest in full; forbid that, to see whether the index serves.
            await sql`set local enable_seqscan = off`.execute(trx);
            const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
              CompiledQuery.raw(`explain ${text}`, [...parameters]),
            );
            return rows.map((row) => row['QUERY PLAN']);
          });
    const index = name === 'sqlite' ? 'trigrams' : 'addresses';
    expect(plan.join('\n')).toContain(`${table}_${jsonColumns[table]}_${index}`);
    if (name === 'sqlite') expect(plan.join('\n')).not.toMatch(new RegExp(`SCAN ${table}\\b`));
  });
});
