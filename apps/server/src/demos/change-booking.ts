import type { Config } from '../config.ts';
import type { DataAccess } from '../repositories/index.ts';
import { recordEvent } from '../webhooks/events.ts';
import { bookedDemo } from './booked-demo.ts';
import { cancelledMail, demoEventData, reminderMail } from './messages.ts';

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
  for (const row of await data.demos.dueForReminder(now, new Date(now.getTime() + reminderLeadMs))) {
    const bookedLate = Date.parse(row.starts_at) - Date.parse(row.updated_at) < reminderLeadMs;
    const sent = await data.db.kysely.transaction().execute(async (trx) => {
      if (!(await data.demos.in(trx).claimReminder(row.id, row.starts_at, now))) return false;
      if (bookedLate) return false;
      const demo = await bookedDemo(data.demos.in(trx), config, row.id);
      await data.mail.in(trx).enqueue('demo:reminder', reminderMail(demo));
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
