import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@growmail/test-support/databases';
import { fixturesRepository } from '@growmail/test-support/fixtures';
import type { Db } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { storedLead } from '@growmail/test-support/leads';

describe.each(await testDatabases())('the inbox’s views on $name', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  let me: string;
  const midnight = '2026-03-02T23:00:00.000Z';

  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
    me = (
      await data.team.upsertMember({ email: 'ada@growmail.test', name: 'Ada', zone: 'Africa/Lagos', role: 'sales' })
    ).id;
    const lead = async (at: string, status: 'new' | 'handled', assignee: string | null) => {
      const id = await storedLead(data, 'enquiry', `p${Math.random()}@acme.test`, { fullname: 'P' });
      await fixturesRepository(db.kysely).backdateLead(id, at);
      await data.leads.setStatus(id, status);
      await data.leads.assign(id, assignee);
    };
    // Yesterday: two open and nobody's, one handled; today: three open and nobody's, one mine.
    await lead('2026-03-02T10:00:00.000Z', 'new', null);
    await lead('2026-03-02T11:00:00.000Z', 'new', null);
    await lead('2026-03-02T12:00:00.000Z', 'handled', me);
    for (const hour of ['01', '02', '03']) await lead(`2026-03-03T${hour}:00:00.000Z`, 'new', null);
    await lead('2026-03-03T04:00:00.000Z', 'new', me);
  });
  afterAll(() => db?.close());

  it('counts each view', async () => {
    expect(await data.leads.viewCounts(me, midnight, 1000)).toEqual({
      'new-today': 4,
      unassigned: 5,
      mine: 1,
      handled: 1,
      all: 7,
    });
  });

  it('stops counting at the cap, so a million leads cost what the cap does', async () => {
    expect(await data.leads.viewCounts(me, midnight, 3)).toEqual({
      'new-today': 3,
      unassigned: 3,
      mine: 1,
      handled: 1,
      all: 3,
    });
  });
});
