import { withAuditRefused } from '@growmail/test-support/audit';
import { testDatabases } from '@growmail/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { currentSlots } from '../../src/demos/availability.ts';
import { cancelBooking, rescheduleBooking } from '../../src/demos/change-booking.ts';
import { takeSlot } from '../../src/demos/take-slot.ts';
import { commandActor, type Actor } from '../../src/lib/actor.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';

const config = loadConfig({ LOG_LEVEL: 'silent' });

describe.each(await testDatabases())('cancelling and moving a booking on $name', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  let ada: Actor;
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

  const openSlots = async () => (await currentSlots(data.demos, new Date())).map((slot) => slot.start);

  /** A demo request booked as the demo form books it: its lead and its booking, in one transaction. */
  const booking = (email: string, start: Date) =>
    db.kysely.transaction().execute(async (trx) => {
      const leadId = await storeLead(data, trx, config, 'demo', email, { firstname: 'Awa' });
      const taken = await takeSlot(data, trx, start, { email, name: 'Awa', zone: 'Africa/Lagos', leadId }, new Date());
      if (!taken.taken) throw new Error(`The slot was not taken: ${taken.reason}`);
      return taken.bookingId;
    });

  /** Everything a change to a booking writes: the booking, the mail, the events, the totals and the audit. */
  const state = async () => ({
    bookings: await db.kysely.selectFrom('demo_bookings').selectAll().orderBy('id').execute(),
    outbox: await db.kysely.selectFrom('outbox').select(['id', 'topic']).orderBy('id').execute(),
    events: await db.kysely.selectFrom('webhook_events').select(['id', 'type']).orderBy('id').execute(),
    // The totals' key is eight columns: compared as a sorted list.
    totals: (await db.kysely.selectFrom('lead_totals').selectAll().execute()).map((row) => JSON.stringify(row)).sort(),
    audit: await db.kysely.selectFrom('team_audit').select(['id', 'action']).orderBy('id').execute(),
  });

  it('audits a member’s move and cancel, and a command’s, naming who and never an address', async () => {
    const [first, second, third] = await openSlots();
    const id = await booking('kofi@acme.test', first!);
    expect(await rescheduleBooking(data, config, id, second!, new Date(), ada)).toBe('moved');
    expect(await cancelBooking(data, config, id, new Date(), ada)).toBe(true);
    const other = await booking('efua@acme.test', third!);
    expect(await cancelBooking(data, config, other, new Date(), commandActor('demos'))).toBe(true);

    const rows = [...(await data.audit.forRecord('demo', id)), ...(await data.audit.forRecord('demo', other))];
    expect(rows.map((row) => [row.action, row.member_name, row.method, row.detail])).toEqual([
      ['demo.moved', 'Ada Obi', 'passkey', JSON.stringify({ to: second!.toISOString() })],
      ['demo.cancelled', 'Ada Obi', 'passkey', '{}'],
      ['demo.cancelled', 'npm run demos', 'command', '{}'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('acme.test');
  });

  it('writes no audit row, and nothing else, when the booking cannot change', async () => {
    const [first] = await openSlots();
    const id = await booking('ama@acme.test', first!);
    expect(await cancelBooking(data, config, id, new Date(), ada)).toBe(true);
    const before = await state();
    expect(await cancelBooking(data, config, id, new Date(), ada)).toBe(false);
    expect(await rescheduleBooking(data, config, id, first!, new Date(), ada)).toBe('unchangeable');
    expect(await state()).toEqual(before);
  });

  it('writes no audit row for the prospect’s own change through their link: the audit is the team’s (D41)', async () => {
    const [first, second] = await openSlots();
    const id = await booking('yaw@acme.test', first!);
    const audited = (await state()).audit;
    expect(await rescheduleBooking(data, config, id, second!, new Date(), 'prospect')).toBe('moved');
    expect(await cancelBooking(data, config, id, new Date(), 'prospect')).toBe(true);
    expect(await data.demos.booking(id)).toMatchObject({ status: 'cancelled' });
    expect((await state()).audit).toEqual(audited);
  });

  it('moves nothing to the time it has, keeps its host, and never gives it to another host unasked', async () => {
    await data.demos.saveHost({ id: 'wanjiru', name: 'Wanjiru', email: 'wanjiru@growmail.test' });
    const bothFree = (await currentSlots(data.demos, new Date())).filter((slot) => slot.hostIds.length === 2);
    const [first, second, third] = bothFree.map((slot) => slot.start);
    const id = await booking('kojo@acme.test', first!);
    const host = (await data.demos.booking(id))!.host_id;
    const other = host === 'wanjiru' ? 'sales' : 'wanjiru';

    let before = await state();
    expect(await rescheduleBooking(data, config, id, first!, new Date(), ada)).toBe('unchanged');
    expect(await rescheduleBooking(data, config, id, first!, new Date(), 'prospect')).toBe('unchanged');
    expect(await state()).toEqual(before);

    expect(await rescheduleBooking(data, config, id, second!, new Date(), ada)).toBe('moved');
    expect(await data.demos.booking(id)).toMatchObject({ host_id: host, starts_at: second!.toISOString() });

    const end = new Date(third!.getTime() + 1_800_000);
    await data.demos.take({
      hostId: host,
      start: third!,
      end,
      leadId: null,
      email: 'x@acme.test',
      name: 'X',
      zone: 'UTC',
    });
    before = await state();
    expect(await rescheduleBooking(data, config, id, third!, new Date(), ada)).toEqual({
      hostBusy: host,
      freeHosts: [other],
    });
    expect(await state()).toEqual(before);
    expect(await rescheduleBooking(data, config, id, third!, new Date(), ada, other)).toBe('moved');
    expect(await data.demos.booking(id)).toMatchObject({ host_id: other, starts_at: third!.toISOString() });
    const [moved] = (await data.audit.forRecord('demo', id)).slice(-1);
    expect(moved?.detail).toBe(JSON.stringify({ to: third!.toISOString(), host: other }));
  });

  it('keeps no move or cancel whose audit row cannot be written', async () => {
    const [first, second] = await openSlots();
    const id = await booking('abena@acme.test', first!);
    const before = await state();
    await withAuditRefused(db, () => rescheduleBooking(data, config, id, second!, new Date(), ada));
    await withAuditRefused(db, () => cancelBooking(data, config, id, new Date(), commandActor('demos')));
    expect(await state()).toEqual(before);
    expect(await data.demos.booking(id)).toMatchObject({ status: 'booked', starts_at: first!.toISOString() });
  });
});
