import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@growmail/test-support/databases';
import { fixturesRepository } from '@growmail/test-support/fixtures';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { commandActor } from '../../src/lib/actor.ts';
import { erasePerson } from '../../src/people/erase.ts';
import { pruneExpired, retention } from '../../src/people/retention.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { readSearch } from '../../src/submissions/lead-search.ts';
import { marketRegions } from '../../src/submissions/phone.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';
import { readCursor, cursorOf } from '../../src/team/views.ts';

const config = loadConfig({ LOG_LEVEL: 'silent' });
const regions = ['NG', ...marketRegions] as const;

describe.each(await testDatabases())('searching the leads on $name', ({ name, open }) => {
  let db: Db;
  let data: DataAccess;
  const ids: Record<string, string> = {};
  const store = (email: string, fields: Record<string, unknown>, language: 'en' | 'fr' = 'en') =>
    db.kysely.transaction().execute((trx) => storeLead(data, trx, config, 'demo', email, fields, language));

  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
    ids.funmi = await store('funmi@shoplagos.ng', {
      fullname: 'Fúnmiláyọ̀ Adébáyọ̀',
      company_name: 'Shop Lagos Ltd',
      phone_number: '+2348035550101',
    });
    ids.wanjiru = await store('wanjiru@duka.co.ke', {
      firstname: 'Wanjiru',
      lastname: 'Kamau',
      company: 'Duka Fresh',
      phone_number: '+254712345678',
    });
    ids.awa = await store(
      'awa@teranga.sn',
      { fullname: 'Awa Diop', company_name: 'Teranga Digital', phone_number: '+221771234567' },
      'fr',
    );
    // Typed in a company field, an address is masked in what a viewer's search reads.
    ids.kofi = await store('kofi@accra.example', {
      fullname: 'Kofi Mensah',
      company_name: 'mail kofi.m@hidden.example',
    });
  });
  afterAll(() => db?.close());

  /** The ids a query finds, as a role that sees contacts (or not) types it. */
  async function found(query: string, seesContacts = true): Promise<string[]> {
    const search = readSearch(query, regions, seesContacts);
    if ('problem' in search) throw new Error(search.problem);
    return (await data.leads.search(search, undefined, 50)).map((row) => row.id);
  }

  it('finds a person by part of their name, in any case and without its accents', async () => {
    expect(await found('Funmilayo')).toEqual([ids.funmi]);
    expect(await found('adébáyọ̀')).toEqual([ids.funmi]);
    expect(await found('kamau wanjiru')).toEqual([ids.wanjiru]);
    expect(await found('awa diop', false)).toEqual([ids.awa]);
  });

  it('finds a company by part of its name', async () => {
    expect(await found('teranga dig')).toEqual([ids.awa]);
    expect(await found('duka', false)).toEqual([ids.wanjiru]);
  });

  it('finds a phone number written internationally or nationally, in the team’s countries', async () => {
    expect(await found('+234 803 555 0101')).toEqual([ids.funmi]);
    expect(await found('0803 555 0101')).toEqual([ids.funmi]);
    expect(await found('0712 345 678')).toEqual([ids.wanjiru]);
    expect(await found('00221 77 123 45 67')).toEqual([ids.awa]);
    expect(await found('0803 555 0199')).toEqual([]);
  });

  it('finds part of an address, a whole address and a domain', async () => {
    expect(await found('shoplagos')).toEqual([ids.funmi]);
    expect(await found('@duka')).toEqual([ids.wanjiru]);
    expect(await found('AWA@teranga.sn')).toEqual([ids.awa]);
    expect(await found('@teranga.sn')).toEqual([ids.awa]);
  });

  it('searches a masked role’s names and companies only, as that role is shown them', async () => {
    expect(await found('shoplagos', false)).toEqual([]);
    // The viewer is shown k•••@hidden.example in the company: its domain, never its local part.
    expect(await found('hidden', false)).toEqual([ids.kofi]);
    expect(await found('kofi.m', false)).toEqual([]);
    expect(await found('kofi mensah', false)).toEqual([ids.kofi]);
  });

  it('pages a search newest first by its keyset cursor', async () => {
    const paged: string[] = [];
    for (let index = 0; index < 5; index++)
      paged.push(await store(`page${index}@paging.example`, { fullname: `Pager ${index}` }));
    const search = readSearch('pager', regions, true);
    if ('problem' in search) throw new Error(search.problem);
    const first = await data.leads.search(search, undefined, 3);
    const second = await data.leads.search(search, readCursor(cursorOf(first.at(-1)!)), 3);
    const whole = await data.leads.search(search, undefined, 10);
    expect([...first, ...second].map((row) => row.id)).toEqual(whole.map((row) => row.id));
    expect(new Set(whole.map((row) => row.id))).toEqual(new Set(paged));
  });

  it('no longer finds an erased person, by their name or through the index', async () => {
    const id = await store('erased@gone.example', { fullname: 'Chiamaka Eze', phone_number: '+2348035550177' });
    expect(await found('chiamaka')).toEqual([id]);
    await erasePerson(data, 'erased@gone.example', commandActor('people'));
    expect(await found('chiamaka')).toEqual([]);
    expect(await found('+2348035550177')).toEqual([]);
    if (name === 'sqlite') expect(await indexed('chiamaka')).toBe(0);
  });

  it('no longer finds a lead housekeeping removed', async () => {
    const id = await store('aged@old.example', { fullname: 'Olumide Aged' });
    await fixturesRepository(db.kysely).backdateLead(
      id,
      new Date(Date.now() - retention.leads - 86_400_000).toISOString(),
    );
    await pruneExpired(data, new Date());
    expect(await found('olumide')).toEqual([]);
    if (name === 'sqlite') expect(await indexed('olumide')).toBe(0);
  });

  it('makes a lead’s keys again when an erasure rewrites the address it typed in its name', async () => {
    const id = await store('zainab@kano.example', { fullname: 'Zainab for gbenga@erased.example' });
    expect(await found('erased.example', false)).toEqual([id]);
    await erasePerson(data, 'gbenga@erased.example', commandActor('people'));
    expect(await found('zainab', false)).toEqual([id]);
    expect(await found('erased.example', false)).toEqual([]);
  });

  /** Entries SQLite's trigram table still holds for a word. */
  async function indexed(word: string): Promise<number> {
    const { rows } = await sql<{ count: number }>`select count(*) as count from leads_search
      where leads_search match ${`"${word}"`}`.execute(db.kysely);
    return Number(rows[0]!.count);
  }
});

describe('reading a search', () => {
  it('refuses an address or a number from a role that sees them masked, and says why', () => {
    for (const query of ['ada@acme.example', '@acme.example', '0803 555 0101', '+234 803 555 0101'])
      expect(readSearch(query, regions, false)).toMatchObject({ masked: true });
    expect(readSearch('Funmilayo', regions, false)).toMatchObject({ kind: 'words', contacts: false });
  });

  it('asks for three letters when no word is that long', () => {
    expect(readSearch('a b', regions, true)).toMatchObject({ masked: false, problem: expect.stringMatching(/three/) });
  });
});
