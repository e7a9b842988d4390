import type { Repositories } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';
import { currentSlots } from './availability.ts';
import { findSlot, slotRules } from './slots.ts';

/** Who books, and where they are: their zone is kept for the times in their mail. */
export type Booker = { email: string; name: string; zone: string; leadId: string | null };

export type TakeResult =
  | { taken: true; bookingId: string; hostId: string; start: Date; end: Date }
  /** `unknown`: not a slot on offer (outside the hours, past, too soon, or made up); `gone`: every free host was taken first. */
  | { taken: false; reason: 'unknown' | 'gone' };

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
  const slot = findSlot(await currentSlots(data.demos.in(trx), now, options), start);
  if (!slot) return { taken: false, reason: 'unknown' };
  const end = new Date(start.getTime() + slotRules.minutes * 60_000);
  for (const hostId of slot.hostIds) {
    const bookingId = await data.demos.in(trx).take({ ...booker, hostId, start, end });
    if (bookingId) return { taken: true, bookingId, hostId, start, end };
  }
  return { taken: false, reason: 'gone' };
}
