import type { Language } from '@growmail/contracts/language';
import type { Repositories } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';
import { readAvailability } from './availability.ts';
import { findSlot, openSlots, slotRules, type Slot } from './slots.ts';

/** Who books, and where they are: their zone is kept for the times in their mail. */
export type Booker = { email: string; name: string; zone: string; leadId: string | null; language?: Language };

export type TakeResult =
  | { taken: true; bookingId: string; hostId: string; start: Date; end: Date }
  /** `unknown`: never a slot on offer (outside the hours or blocked, past, too soon, or made up); `gone`: booked by others first. */
  | { taken: false; reason: 'unknown' | 'gone' };

/**
 * The slot starting at `start` with its free hosts, when it is on offer now; else why not:
 * `unknown` for one never on offer, `gone` for one taken since the visitor's page was sent.
 */
export async function offeredSlot(
  data: Pick<Repositories, 'demos'>,
  trx: Executor,
  start: Date,
  now: Date,
  options: { noticeMinutes?: number } = {},
): Promise<{ slot: Slot } | { slot: undefined; reason: 'unknown' | 'gone' }> {
  const availability = await readAvailability(data.demos.in(trx), now);
  const slot = findSlot(openSlots(availability, now, options), start);
  if (slot) return { slot };
  const unbooked = { ...availability, busy: availability.busy.filter((busy) => !busy.booked) };
  return { slot: undefined, reason: findSlot(openSlots(unbooked, now, options), start) ? 'gone' : 'unknown' };
}

/**
 * Books the slot starting at `start` for the first of its free hosts that a rival has not
 * taken first. The slot must be one on offer now; the insert itself decides who gets a host
 * (see `demos.take`), so a read that saw the slot free never gives it to two people. Runs in
 * the caller's transaction, beside the lead and its mails.
 */
export async function takeSlot(
  data: Pick<Repositories, 'demos'>,
  trx: Executor,
  start: Date,
  booker: Booker,
  now: Date,
  options: { noticeMinutes?: number } = {},
): Promise<TakeResult> {
  const offered = await offeredSlot(data, trx, start, now, options);
  if (!offered.slot) return { taken: false, reason: offered.reason };
  const end = new Date(start.getTime() + slotRules.minutes * 60_000);
  for (const hostId of offered.slot.hostIds) {
    const bookingId = await data.demos.in(trx).take({ ...booker, hostId, start, end });
    if (bookingId) return { taken: true, bookingId, hostId, start, end };
  }
  return { taken: false, reason: 'gone' };
}
