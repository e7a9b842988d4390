import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuditRefused } from '@growmail/test-support/audit';
import { testDatabases } from '@growmail/test-support/databases';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { addLeadNote, assignLead, setLeadStatus } from '../../src/submissions/lead-changes.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';

const config = loadConfig({ LOG_LEVEL: 'silent' });

describe.each(await testDatabases())('changing a lead on $name', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  let ada: { memberId: string; name: string; method: 'passkey' };
  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
    const member = await data.team.upsertMember({
      email: 'ada@growmail.test',
      name: 'Ada Obi',
      zone: 'Africa/Lagos',
      role: 'sales',
    });
    ada = { memberId: member.id, name: member.name, method: 'passkey' };
  });
  afterAll(() => db?.close());

  const lead = () =>
    db.kysely
      .transaction()
      .execute((trx) => storeLead(data, trx, config, 'enquiry', 'kofi@acme.test', { fullname: 'Kofi Mensah' }));

  /** What a change to the lead touches, to show a refused one kept nothing. */
  const state = async (id: string) => ({
    lead: await data.leads.find(id),
    notes: await data.leads.notes(id),
    audit: await data.audit.forRecord('lead', id),
  });

  it('writes each change with its audit row, naming the member and never an address', async () => {
    const id = await lead();
    expect(await assignLead(data, id, { id: ada.memberId, name: ada.name }, ada)).toBe('changed');
    expect(await setLeadStatus(data, id, 'handled', ada)).toBe('changed');
    expect(await addLeadNote(data, id, 'Called; wants a demo.', ada)).toBe('changed');
    const { lead: row, notes, audit } = await state(id);
    expect(row).toMatchObject({ assignee_id: ada.memberId, status: 'handled' });
    expect(notes).toMatchObject([{ text: 'Called; wants a demo.', member_name: 'Ada Obi' }]);
    expect(audit.map((entry) => [entry.action, entry.member_name, entry.detail])).toEqual([
      ['lead.assigned', 'Ada Obi', JSON.stringify({ to: 'Ada Obi' })],
      ['lead.handled', 'Ada Obi', '{}'],
      ['lead.noted', 'Ada Obi', '{}'],
    ]);
  });

  it('says a lead that is gone is gone, and writes nothing', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    expect(await assignLead(data, gone, null, ada)).toBe('gone');
    expect(await setLeadStatus(data, gone, 'handled', ada)).toBe('gone');
    expect(await addLeadNote(data, gone, 'Hello', ada)).toBe('gone');
    expect(await state(gone)).toEqual({ lead: undefined, notes: [], audit: [] });
  });

  it('keeps no change whose audit row cannot be written', async () => {
    const id = await lead();
    const before = await state(id);
    await withAuditRefused(db, () => assignLead(data, id, { id: ada.memberId, name: ada.name }, ada));
    await withAuditRefused(db, () => setLeadStatus(data, id, 'handled', ada));
    await withAuditRefused(db, () => addLeadNote(data, id, 'Called.', ada));
    expect(await state(id)).toEqual(before);
  });
});
