import type { Config } from '../config.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { Quarantined } from '../repositories/quarantine.ts';
import { printable } from '../lib/report-text.ts';
import { reasonText } from './screening.ts';
import { storeLead } from './store-lead.ts';
import { normaliseEmail } from '@growmail/contracts/rules';
import { auditActor, type Actor } from '../lib/actor.ts';
import { defaultZone } from '../demos/availability.ts';
import { confirmBooking } from '../demos/book-with-lead.ts';
import { linkSecret } from '../demos/links.ts';
import { offeredSlot, takeSlot } from '../demos/take-slot.ts';

/** What became of a released demo request's slot. */
export type ReleasedBooking = 'booked' | 'no-slot-asked' | 'slot-gone' | 'holds-a-booking';

export type Release = { leadId: string; booking: ReleasedBooking };

/** A release refused because the slot the demo request asked for is no longer open. */
class SlotGone extends Error {}

/**
 * Turns a held submission into the lead it would have been, in one transaction: the lead, its
 * mail to sales, its webhook event and the writer's acknowledgement are queued, and the held
 * row goes. The lead keeps the time it was sent and names who released it. A running server
 * sends what was queued.
 *
 * A held demo request books the slot it asked for when that slot is still open, with the
 * invitation and `demo.booked` (D32); `slot` is one sales chose instead, which waives the
 * notice. An address that holds an open booking takes no other. When the slot is gone,
 * `ifSlotGone` says what to do: `refuse` (the console then offers sales the open slots) or
 * `without-slot` (the command: the lead is stored as a request without a slot).
 *
 * Returns null when nothing is held under `id`; `{ slotGone: true }` for a refusal.
 */
export async function releaseQuarantined(
  data: DataAccess,
  config: Config,
  id: string,
  actor: Actor,
  options: { slot?: Date; ifSlotGone: 'refuse' | 'without-slot' } = { ifSlotGone: 'without-slot' },
): Promise<Release | { slotGone: true } | null> {
  // Read before the transaction: on SQLite a read outside it would wait for it.
  const secret = await linkSecret(data, config);
  try {
    return await data.db.kysely.transaction().execute(async (trx) => {
      const held = data.quarantine.in(trx);
      const row = await held.find(id);
      if (!row || !(await held.remove(id))) return null;
      const released = { sentAt: row.created_at, by: actor.name, byMember: actor.memberId };
      const { demo_start: asked, demo_zone: zone, ...rest } = row.fields;
      const start = options.slot ?? (typeof asked === 'string' ? new Date(asked) : undefined);
      const store = (fields: Record<string, unknown>) =>
        storeLead(data, trx, config, row.form, row.email, fields, row.language, row.source, released);
      let result: Release;
      if (row.form !== 'demo' || !start) {
        result = { leadId: await store(row.fields), booking: 'no-slot-asked' };
      } else if (await data.demos.in(trx).openBookingOf(normaliseEmail(row.email), new Date())) {
        result = { leadId: await store(rest), booking: 'holds-a-booking' };
      } else {
        const now = new Date();
        const notice = { noticeMinutes: options.slot ? 0 : config.demos.noticeMinutes };
        const offered = await offeredSlot(data, trx, start, now, notice);
        if (!offered.slot) {
          if (options.ifSlotGone === 'refuse') throw new SlotGone();
          result = { leadId: await store(rest), booking: 'slot-gone' };
        } else {
          const demoZone = typeof zone === 'string' ? zone : defaultZone;
          const leadId = await store({ ...rest, demo_start: start.toISOString(), demo_zone: demoZone });
          const name = [rest.firstname, rest.lastname].filter((part) => typeof part === 'string').join(' ');
          const booker = { email: row.email, name, zone: demoZone, leadId, language: row.language };
          const taken = await takeSlot(data, trx, start, booker, now, notice);
          if (!taken.taken) throw new SlotGone();
          await confirmBooking(data, trx, config, secret, taken.bookingId, leadId);
          result = { leadId, booking: 'booked' };
        }
      }
      await data.audit.in(trx).record({
        ...auditActor(actor),
        action: 'lead.released',
        recordType: 'lead',
        recordId: result.leadId,
        detail: { reasons: row.reasons, booking: result.booking },
      });
      return result;
    });
  } catch (error) {
    if (error instanceof SlotGone) return { slotGone: true };
    throw error;
  }
}

/** Deletes a held submission, audited; false when nothing is held under `id`. */
export async function deleteQuarantined(data: DataAccess, id: string, actor: Actor): Promise<boolean> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const row = await data.quarantine.in(trx).find(id);
    if (!row || !(await data.quarantine.in(trx).remove(id))) return false;
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'held.deleted',
      recordType: 'held',
      recordId: id,
      detail: { form: row.form, reasons: row.reasons },
    });
    return true;
  });
}

/** One held submission for a terminal: what, from whom, why, and the id to release. */
function describeHeld(row: Quarantined): string {
  return [
    `${row.id}  ${row.created_at.slice(0, 16).replace('T', ' ')}  ${row.form}  ${printable(row.email)}`,
    `  why: ${row.reasons.map((reason) => reasonText[reason] ?? printable(String(reason))).join('; ')}`,
    ...Object.entries(row.fields)
      .filter(([name]) => name !== 'email' && name !== 'type')
      .map(([name, value]) => `  ${name}: ${printable(typeof value === 'string' ? value : JSON.stringify(value))}`),
  ].join('\n');
}

const held = (count: number) => `${count} held submission${count === 1 ? '' : 's'}`;
const howToRelease = 'release one with npm run leads -- quarantine release <id>';

/**
 * The held submissions, newest first, as text for a terminal: `limit` of them, or every one,
 * printed as each is read.
 */
export async function* quarantineReport(
  data: Pick<DataAccess, 'quarantine'>,
  limit: number | 'all',
): AsyncGenerator<string> {
  // One more than asked says whether there are more to mention.
  const rows = limit === 'all' ? data.quarantine.stream() : await data.quarantine.list(limit + 1);
  let count = 0;
  for await (const row of rows) {
    if (count === limit) {
      yield `\n\nThe newest ${held(count)}, more with --limit N or --all; ${howToRelease}\n`;
      return;
    }
    yield `${count++ > 0 ? '\n\n' : ''}${describeHeld(row)}`;
  }
  yield count === 0 ? 'Nothing in quarantine.\n' : `\n\n${held(count)}; ${howToRelease}\n`;
}
