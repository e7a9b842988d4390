import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuditRefused as refusingAudit } from '@growmail/test-support/audit';
import { testDatabases } from '@growmail/test-support/databases';
import { browserSubscription } from '@growmail/test-support/push-receiver';
import type { TeamRole } from '@growmail/contracts/team';
import { commandActor } from '../../src/lib/actor.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { alertLifetimeMs, queueLeadAlerts, sendAlert } from '../../src/outbox/alerts.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { searchKeys } from '../../src/submissions/lead-search.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';
import { assignLead } from '../../src/submissions/lead-changes.ts';
import { turnAlertsOff, turnAlertsOn } from '../../src/team/alert-devices.ts';
import { changeRole, removeMember } from '../../src/team/members.ts';

const config = loadConfig({ SALES_INBOX: 'sales@growmail.test' });
const vapid = {
  publicKey: 'BG79Eerar3ms_jOCF_bhyBsxeqWdlzLL-pPDBpwCr-5d373F_ZKKHhj3NqB0WHCMATR6Sb7n1Lp22pBbYByLLOg',
  privateKey: 'vVkmHWQWvJTzozuBmME00vMN2cxjWM0VpkM46wGLGOA',
  subject: 'mailto:push@growmail.test',
};

/** Members' devices and their alerts in the outbox (issue 54), on each database. */
describe.each(await testDatabases())('members’ alerts on $name', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
  });
  afterAll(() => db?.close());

  const member = (name: string, role: TeamRole) =>
    data.team.upsertMember({
      email: `${name}-${Math.random().toString(36).slice(2)}@growmail.test`,
      name,
      zone: 'UTC',
      role,
    });
  const actorOf = (who: { id: string; name: string }) => ({
    memberId: who.id,
    name: who.name,
    method: 'passkey' as const,
  });
  const device = (who: { id: string; name: string }, name = who.name) =>
    turnAlertsOn(
      data,
      browserSubscription(`https://fcm.googleapis.com/fcm/send/${name}-${who.id}`).json,
      name,
      actorOf(who),
    );
  /** A lead stored as a post stores it, with its mail and alerts, in one transaction. */
  const newLead = (name: string) =>
    db.kysely
      .transaction()
      .execute((trx) => storeLead(data, trx, config, 'enquiry', `${name.toLowerCase()}@acme.test`, { fullname: name }));
  const alertsFor = async (leadId: string) =>
    (await data.mail.all('alert'))
      .map((row) => JSON.parse(row.message) as { subscription_id: string; lead_id: string; reason: string })
      .filter((row) => row.lead_id === leadId);

  it('queues a new lead’s alert for each device of sales and admins, none of a viewer’s, in the lead’s transaction', async () => {
    const [sales, admin, viewer] = [
      await member('Sade', 'sales'),
      await member('Ade', 'admin'),
      await member('Vi', 'viewer'),
    ];
    const salesPhone = await device(sales, 'phone');
    const salesLaptop = await device(sales, 'laptop');
    const adminPhone = await device(admin);
    // A viewer cannot turn alerts on in the console; had they a device from a role they had before, it gets nothing.
    const viewerPhone = await data.alerts.saveDevice(
      viewer.id,
      browserSubscription('https://fcm.googleapis.com/fcm/send/viewer').json,
      'phone',
    );
    const leadId = await newLead('Kofi');
    const queued = (await alertsFor(leadId)).map((row) => row.subscription_id);
    expect(queued).toEqual(expect.arrayContaining([salesPhone, salesLaptop, adminPhone]));
    expect(queued).not.toContain(viewerPhone);
    expect((await alertsFor(leadId)).every((row) => row.reason === 'new')).toBe(true);
    // The alerts are outbox rows of their own channel: the mail sender never takes one.
    const due = await data.mail.due(new Date(Date.now() + 1000), 1000);
    expect(due.some((row) => row.message.includes(leadId) && row.message.includes('subscription_id'))).toBe(false);
    expect((await data.alerts.due(new Date(Date.now() + 1000), 1000)).length).toBeGreaterThanOrEqual(3);

    // A lead rolled back takes its alerts with it.
    const before = (await data.mail.all('alert')).length;
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await storeLead(data, trx, config, 'enquiry', 'gone@acme.test', { fullname: 'Gone' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await data.mail.all('alert')).length).toBe(before);
  });

  it('alerts the member a lead is given to, never one who takes it or already has it, nor the member who released it', async () => {
    const [giver, taker] = [await member('Gbenga', 'admin'), await member('Tola', 'sales')];
    const takerPhone = await device(taker);
    const leadId = await newLead('Wanjiru');
    const given = async () => (await alertsFor(leadId)).filter((row) => row.reason === 'assigned');
    await assignLead(data, leadId, { id: taker.id, name: taker.name }, actorOf(giver));
    expect((await given()).map((row) => row.subscription_id)).toEqual([takerPhone]);
    await assignLead(data, leadId, { id: taker.id, name: taker.name }, actorOf(giver));
    await assignLead(data, leadId, null, actorOf(giver));
    await assignLead(data, leadId, { id: taker.id, name: taker.name }, actorOf(taker));
    expect(await given()).toHaveLength(1);

    const releasedId = await db.kysely.transaction().execute(async (trx) => {
      const id = await data.leads.in(trx).insert('enquiry', 'x@acme.test', {}, searchKeys({}));
      await queueLeadAlerts(data, trx, id, { reason: 'new', except: taker.id });
      return id;
    });
    expect((await alertsFor(releasedId)).map((row) => row.subscription_id)).not.toContain(takerPhone);
  });

  it('keeps one row per endpoint: the same browser turned on again, or by another member, is theirs with its new keys', async () => {
    const [first, second] = [await member('Ngozi', 'sales'), await member('Emeka', 'sales')];
    const endpoint = `https://fcm.googleapis.com/fcm/send/shared-${first.id}`;
    const one = browserSubscription(endpoint).json;
    const again = browserSubscription(endpoint).json;
    const id = await turnAlertsOn(data, one, 'Chrome on Android', actorOf(first));
    expect(await turnAlertsOn(data, again, 'Chrome on Android', actorOf(second))).toBe(id);
    expect(await data.alerts.devices(first.id)).toEqual([]);
    expect((await data.alerts.devices(second.id)).map((row) => row.endpoint)).toEqual([endpoint]);
    expect(await data.alerts.target(id, ['sales'])).toMatchObject({ p256dh: again.keys.p256dh, auth: again.keys.auth });
    // Off by endpoint is the member's own only.
    expect(await turnAlertsOff(data, { endpoint }, actorOf(first))).toBe(false);
    expect(await turnAlertsOff(data, { endpoint }, actorOf(second))).toBe(true);
  });

  const withAuditRefused = (change: () => Promise<unknown>) => refusingAudit(db, change);

  it('changes nothing when turning alerts on or off, or a removal, cannot write its audit row', async () => {
    const [admin, rep] = [await member('Bisi', 'admin'), await member('Femi', 'sales')];
    await withAuditRefused(() => device(rep, 'refused'));
    expect(await data.alerts.devices(rep.id)).toEqual([]);
    const id = await device(rep);
    await withAuditRefused(() => turnAlertsOff(data, { id }, actorOf(rep)));
    await withAuditRefused(() => removeMember(data, rep.id, actorOf(admin)));
    expect((await data.alerts.devices(rep.id)).map((row) => row.id)).toEqual([id]);

    expect(await removeMember(data, rep.id, commandActor('team'))).toBe('done');
    expect(await data.alerts.devices(rep.id)).toEqual([]);
    const [removal] = (await data.audit.forRecord('member', rep.id)).filter((row) => row.action === 'member.removed');
    expect(JSON.parse(removal!.detail)).toEqual({ name: 'Femi', alertDevices: 1 });
  });

  it('settles unsent an alert whose device, member’s alerts or lead went, or that waited a day', async () => {
    const [admin, rep] = [await member('Kemi', 'admin'), await member('Musa', 'sales')];
    const phone = await device(rep);
    // None of these reaches a push service, so none has a failure to tell.
    const settings = { vapid, hosts: ['fcm.googleapis.com'], warn: (message: string) => expect.fail(message) };
    const queuedRow = async (leadId: string) =>
      (await data.mail.all('alert')).find((row) => row.message.includes(leadId) && row.message.includes(phone))!;
    const settled = async (leadId: string) => {
      const { id } = await queuedRow(leadId);
      return (await data.mail.all('alert')).find((row) => row.id === id)!;
    };

    const aged = await newLead('Aged');
    const row = await queuedRow(aged);
    const dayOld = new Date(Date.now() - alertLifetimeMs - 1000).toISOString();
    expect(await sendAlert(data, settings, { ...row, created_at: dayOld })).toBe('settled');
    expect(await settled(aged)).toMatchObject({ last_error: 'expired', attempts: 1 });

    const erased = await newLead('Erased');
    await data.people.remove('leads', [erased]);
    expect(await sendAlert(data, settings, await queuedRow(erased))).toBe('settled');
    expect((await settled(erased)).last_error).toBe('no lead');

    const demoted = await newLead('Demoted');
    expect(await changeRole(data, rep.id, 'viewer', actorOf(admin))).toBe('done');
    expect(await sendAlert(data, settings, await queuedRow(demoted))).toBe('settled');
    expect((await settled(demoted)).last_error).toBe('no device');
    expect(await data.alerts.target(phone, ['sales', 'admin'])).toBeUndefined();
    expect(await data.alerts.target(phone, ['viewer'])).toMatchObject({ id: phone });
  });
});
