import type { Config } from '../config.ts';
import { auditActor, type Actor } from '../lib/actor.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';
import { recordEvent } from '../webhooks/events.ts';
import { bookedDemo } from './booked-demo.ts';
import { linkSecret, manageBookingLink } from './links.ts';
import { cancelledMail, demoEventData, movedMail, reminderMail } from './messages.ts';
import { readAvailability } from './availability.ts';
import { findSlot, openSlots, slotRules } from './slots.ts';

/** A day: the reminder goes this long before the demo. */
export const reminderLeadMs = 24 * 3_600_000;

/**
 * Who changes a booking: a member in the console or a command, or the prospect through their
 * booking's own link. The prospect's change writes no audit row, as the audit is of the team's
 * changes (D41); the booking and its `demo.*` event already say what they did.
 */
export type BookingChanger = Actor | 'prospect';

/** Writes the team's audit row of a change to a booking, in the change's transaction; none for the prospect. */
async function auditChange(
  data: DataAccess,
  trx: Executor,
  by: BookingChanger,
  action: string,
  id: string,
  detail?: Record<string, unknown>,
) {
  if (by === 'prospect') return;
  await data.audit
    .in(trx)
    .record({ ...auditActor(by), action, recordType: 'demo', recordId: id, ...(detail ? { detail } : {}) });
}

/**
 * Cancels a live booking that has not started, freeing its slot, and in the same transaction
 * queues the prospect's cancellation (its iCalendar CANCEL, with the team's reason when one is
 * given) and the `demo.cancelled` event, and writes the audit row of a member's or a command's
 * cancel. False when it is cancelled, past or unknown, and then nothing is written.
 */
export async function cancelBooking(
  data: DataAccess,
  config: Config,
  id: string,
  now: Date,
  by: BookingChanger,
  reason = '',
): Promise<boolean> {
  return data.db.kysely.transaction().execute(async (trx) => {
    if (!(await data.demos.in(trx).cancel(id, now))) return false;
    const demo = await bookedDemo(data.demos.in(trx), config, id);
    await data.mail.in(trx).enqueue('demo:cancelled', cancelledMail(demo, config, reason));
    await recordEvent(data, trx, config, 'demo.cancelled', demoEventData(demo, demo.leadId));
    await auditChange(data, trx, by, 'demo.cancelled', id, reason ? { reason: true } : undefined);
    return true;
  });
}

/**
 * Queues the reminder of every live demo starting within a day, once: each is claimed by an
 * update that only one server's can make (`reminder_queued_at` from null), in the transaction
 * that queues its mail, so servers running this together send each reminder once. A demo
 * booked less than a day ahead is claimed without a reminder: its invitation has just gone.
 * Returns how many reminders were queued.
 */
export async function queueReminders(data: DataAccess, config: Config, now: Date): Promise<number> {
  let queued = 0;
  const secret = await linkSecret(data, config);
  for (const row of await data.demos.dueForReminder(now, new Date(now.getTime() + reminderLeadMs))) {
    const bookedLate = Date.parse(row.starts_at) - Date.parse(row.updated_at) < reminderLeadMs;
    const sent = await data.db.kysely.transaction().execute(async (trx) => {
      if (!(await data.demos.in(trx).claimReminder(row.id, row.starts_at, now))) return false;
      if (bookedLate) return false;
      const demo = await bookedDemo(data.demos.in(trx), config, row.id);
      await data.mail.in(trx).enqueue('demo:reminder', reminderMail(demo, manageBookingLink(config, secret, demo.id)));
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

/**
 * What became of a request to move a booking. `unchanged`: it is already at that time, so
 * nothing was written and nobody mailed. `host-busy`: the team asked for a time its host is
 * not free at, naming no other host; the route asks which of `freeHosts` should take it.
 */
export type MoveResult =
  'moved' | 'unchanged' | 'unchangeable' | 'unknown' | 'gone' | { hostBusy: string; freeHosts: string[] };

/** Whether an error is the database refusing a second live booking of a host's slot. */
const isSlotTaken = (error: unknown) => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '23505' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
};

/**
 * Moves a live booking that has not started to another open slot: one update per free host
 * of the new slot, each in its own transaction with the prospect's updated invitation, the
 * `demo.rescheduled` event and the team's audit row, so the old slot is freed exactly when the
 * new one is taken. The unique index refuses a host whose slot a rival took first, and the next
 * host is tried. The prospect's link needs the configured notice; the team moves a booking to
 * any open slot within the hours, the notice waived (D41).
 *
 * The booking keeps its host whenever that host is free at the new time. The prospect's own
 * move then falls back to any free host, as their mail names the host; the team's never
 * changes the host unless it names the new one (`host`), so no member moves a colleague's demo
 * to someone else without being asked.
 */
export async function rescheduleBooking(
  data: DataAccess,
  config: Config,
  id: string,
  start: Date,
  now: Date,
  by: BookingChanger,
  host?: string,
): Promise<MoveResult> {
  const options = by === 'prospect' ? config.demos : { noticeMinutes: 0 };
  const booking = await data.demos.booking(id);
  if (!booking || booking.status !== 'booked' || Date.parse(booking.starts_at) <= now.getTime()) return 'unchangeable';
  if (Date.parse(booking.starts_at) === start.getTime() && (host ?? booking.host_id) === booking.host_id) {
    return 'unchanged';
  }
  const availability = await readAvailability(data.demos, now);
  const slot = findSlot(openSlots(availability, now, options), start);
  if (!slot) {
    const unbooked = { ...availability, busy: availability.busy.filter((busy) => !busy.booked) };
    return findSlot(openSlots(unbooked, now, options), start) ? 'gone' : 'unknown';
  }
  const sameHost = slot.hostIds.includes(booking.host_id);
  const hosts =
    by === 'prospect'
      ? [...(sameHost ? [booking.host_id] : []), ...slot.hostIds.filter((hostId) => hostId !== booking.host_id)]
      : [host ?? booking.host_id].filter((hostId) => slot.hostIds.includes(hostId));
  if (hosts.length === 0) {
    return host ? 'gone' : { hostBusy: booking.host_id, freeHosts: slot.hostIds };
  }
  const end = new Date(start.getTime() + slotRules.minutes * 60_000);
  const secret = await linkSecret(data, config);
  for (const hostId of hosts) {
    try {
      const moved = await data.db.kysely.transaction().execute(async (trx) => {
        if (!(await data.demos.in(trx).move(id, { hostId, start, end }))) return false;
        const demo = await bookedDemo(data.demos.in(trx), config, id);
        const link = manageBookingLink(config, secret, id);
        await data.mail.in(trx).enqueue('demo:moved', movedMail(demo, config, link));
        await recordEvent(data, trx, config, 'demo.rescheduled', demoEventData(demo, demo.leadId));
        const detail = { to: start.toISOString(), ...(hostId === booking.host_id ? {} : { host: hostId }) };
        await auditChange(data, trx, by, 'demo.moved', id, detail);
        return true;
      });
      return moved ? 'moved' : 'unchangeable';
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
    }
  }
  return 'gone';
}
