import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { commandActor, type Actor } from '../../src/lib/actor.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { addLeadNote, assignLead, setLeadStatus } from '../../src/submissions/lead-changes.ts';
import { deleteQuarantined } from '../../src/submissions/quarantine.ts';
import { searchKeys } from '../../src/submissions/lead-search.ts';
import { changeRole } from '../../src/team/members.ts';
import { openSession } from '../../src/team/sessions.ts';

describe('the audit in sentences and names (issue 54)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  let cookies: Record<string, string>;
  let leadId: string;
  let lines: string[];
  let html: ReturnType<typeof parse>;

  beforeAll(async () => {
    app = await testApp();
    const data = dataAccess(app.db);
    const member = (name: string, role: 'admin' | 'sales', zone: string) =>
      data.team.upsertMember({ email: `${name.toLowerCase()}@growmail.test`, name, zone, role });
    const chioma = await member('Chioma', 'admin', 'Africa/Lagos');
    const wanjiru = await member('Wanjiru', 'sales', 'Africa/Nairobi');
    cookies = { gm_team: await openSession(data, chioma.id, 'passkey') };
    const fields = { firstname: 'Ada', lastname: 'Obi', email: 'ada@obi.example', phone_number: '+2348035550101' };
    leadId = await data.leads.insert('demo', 'ada@obi.example', fields, searchKeys(fields));
    const byChioma: Actor = { memberId: chioma.id, name: 'Chioma', method: 'passkey' };
    await assignLead(data, leadId, { id: wanjiru.id, name: 'Wanjiru' }, byChioma);
    await addLeadNote(data, leadId, 'Called, no answer.', { memberId: wanjiru.id, name: 'Wanjiru', method: 'link' });
    await setLeadStatus(data, leadId, 'handled', byChioma);
    await changeRole(data, wanjiru.id, 'admin', byChioma);
    const held = await data.quarantine.insert('startup', 'spam@bots.example', { firstname: 'Bot' }, ['honeypot']);
    await deleteQuarantined(data, held, commandActor('leads'));
    // A change made at the same instant by someone in another zone: times follow the reader, not the writer.
    await data.db.kysely
      .updateTable('team_audit')
      .set({ at: '2026-12-01T23:30:00.000Z' })
      .where('action', '=', 'member.role')
      .execute();
    html = parse((await app.inject({ url: '/team/audit', cookies })).body);
    lines = html.querySelectorAll('ol[aria-label="Changes, newest first"] > li > p:first-child').map((p) => p.text);
  });
  afterAll(() => app.close());

  it('says who did what to whom, with names, not event codes and ids', () => {
    expect(lines).toEqual(
      expect.arrayContaining([
        'Chioma assigned Ada Obi’s demo request to Wanjiru.',
        'Wanjiru added a note to Ada Obi’s demo request.',
        'Chioma marked Ada Obi’s demo request handled.',
        'Chioma changed Wanjiru’s role from sales to an admin.',
        'The command npm run leads deleted a held post from the Startup programme form.',
      ]),
    );
    const text = html.querySelector('main')!.text;
    for (const code of ['lead.assigned', 'member.role', 'held.deleted', leadId, '{"']) expect(text).not.toContain(code);
  });

  it('links a lead it names to the lead, and says how a change was signed when not by passkey', () => {
    const row = html
      .querySelectorAll('ol[aria-label="Changes, newest first"] > li')
      .find((li) => li.text.includes('added a note'))!;
    expect(row.querySelector('a')?.getAttribute('href')).toBe(`/team/leads/${leadId}`);
    expect(row.text).toContain('signed in by a mailed link');
    const command = html
      .querySelectorAll('ol[aria-label="Changes, newest first"] > li')
      .find((li) => li.text.includes('deleted a held'))!;
    expect(command.text).toContain('at the command line');
  });

  it('shows each time in the reading member’s zone', () => {
    const row = html
      .querySelectorAll('ol[aria-label="Changes, newest first"] > li')
      .find((li) => li.text.includes('role from'))!;
    // 23:30 UTC is half past midnight the next day in Lagos.
    expect(row.querySelector('time')?.text).toBe('2 Dec 2026, 00:30');
  });

  it('names a lead since erased without its id', async () => {
    const data = dataAccess(app.db);
    await app.db.kysely.deleteFrom('leads').where('id', '=', leadId).execute();
    const page = parse((await app.inject({ url: '/team/audit', cookies })).body);
    const text = page.querySelector('main')!.text;
    expect(text).toContain('Chioma assigned a lead since erased to Wanjiru.');
    expect(text).not.toContain(leadId);
    expect(await data.leads.find(leadId)).toBeUndefined();
  });
});

describe('the audit’s names as a role that sees contacts masked reads them', () => {
  it('masks an address that stands for a name', async () => {
    const { auditLines } = await import('../../src/team/audit-lines.ts');
    const app = await testApp();
    try {
      const data = dataAccess(app.db);
      const id = await data.leads.insert('enquiry', 'no.name@acme.example', {}, searchKeys({}));
      await setLeadStatus(data, id, 'handled', commandActor('leads'));
      const rows = await data.audit.list(10);
      const asViewer = (await auditLines(data, rows, 'viewer')).map((line) => line.sentence);
      const asAdmin = (await auditLines(data, rows, 'admin')).map((line) => line.sentence);
      expect(JSON.stringify(asViewer)).toContain('n•••@acme.example’s enquiry');
      expect(JSON.stringify(asViewer)).not.toContain('no.name@acme.example');
      expect(JSON.stringify(asAdmin)).toContain('no.name@acme.example’s enquiry');
    } finally {
      await app.close();
    }
  });
});
