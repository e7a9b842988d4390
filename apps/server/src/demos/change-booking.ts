import type { Config } from '../config.ts';
import type { DataAccess } from '../repositories/index.ts';
import { recordEvent } from '../webhooks/events.ts';
import { bookedDemo } from './booked-demo.ts';
import { linkSecret, manageBookingLink } from './links.ts';
import { cancelledMail, demoEventData, movedMail, reminderMail } from './messages.ts';
import { readAvailability } from './availability.ts';
import { findSlot, openSlots, slotRules } from './slots.ts';

/** A day: the reminder goes this long before the demo. */
export const reminderLeadMs = 24 * 3_600_000;

/**
 * Cancels a live booking that has not started, freeing its slot, and in the same transaction
 * queues the prospect's cancellation (its iCalendar CANCEL) and the `demo.cancelled` event.
 * False when it is cancelled, past or unknown, and then nothing is sent.
 */
export async function cancelBooking(data: DataAccess, config: Config, id: string, now: Date): Promise<boolean> {
  return data.db.kysely.transaction().execute(async (trx) => {
    if (!(await data.demos.in(trx).cancel(id, now))) return false;
    const demo = await bookedDemo(data.demos.in(trx), config, id);
    await data.mail.in(trx).enqueue('demo:cancelled', cancelledMail(demo, config));
    await recordEvent(data, trx, config, 'demo.cancelled', demoEventData(demo, demo.leadId));
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

/** What became of a request to move a booking. */
export type MoveResult = 'moved' | 'unchangeable' | 'unknown' | 'gone';

/** Whether an error is the database refusing a second live booking of a host's slot. */
const isSlotTaken = (error: unknown) => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '23505' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
};

/**
 * Moves a live booking that has not started to another open slot: one update per free host
 * of the new slot, each in its own transaction with the prospect's updated invitation and the
 * `demo.rescheduled` event, so the old slot is freed exactly when the new one is taken. The
 * unique index refuses a host whose slot a rival took first, and the next host is tried.
 */
export async function rescheduleBooking(
  data: DataAccess,
  config: Config,
  id: string,
  start: Date,
  now: Date,
  /** The notice a slot needs: the configured one for the prospect's link, none when sales moves it (D41). */
  options: { noticeMinutes?: number } = config.demos,
): Promise<MoveResult> {
  const booking = await data.demos.booking(id);
  if (!booking || booking.status !== 'booked' || Date.parse(booking.starts_at) <= now.getTime()) return 'unchangeable';
  const availability = await readAvailability(data.demos, now);
  const slot = findSlot(openSlots(availability, now, options), start);
  if (!slot) {
    const unbooked = { ...availability, busy: availability.busy.filter((busy) => !busy.booked) };
    return findSlot(openSlots(unbooked, now, options), start) ? 'gone' : 'unknown';
  }
  const end = new Date(start.getTime() + slotRules.minutes * 60_000);
  const secret = await linkSecret(data, config);
  for (const hostId of slot.hostIds) {
    try {
      const moved = await data.db.kysely.transaction().execute(async (trx) => {
        if (!(await data.demos.in(trx).move(id, { hostId, start, end }))) return false;
        const demo = await bookedDemo(data.demos.in(trx), config, id);
        const link = manageBookingLink(config, secret, id);
        await data.mail.in(trx).enqueue('demo:moved', movedMail(demo, config, link));
        await recordEvent(data, trx, config, 'demo.rescheduled', demoEventData(demo, demo.leadId));
        return true;
      });
      return moved ? 'moved' : 'unchangeable';
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
    }
  }
  return 'gone';
}
