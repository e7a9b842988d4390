import { bookingMessages, defaultBookingZone } from '@growmail/contracts/demo-booking';
import type { FormPageState } from '@growmail/contracts/form-posts';
import type { SlotPicker } from '@growmail/contracts/on-demand';
import type { FastifyInstance } from 'fastify';
import { currentOffer } from './availability.ts';
import { chosenStart } from './slot-picker.ts';
import { canonicalZone, type Slot } from './slots.ts';

/** How long a page without times is kept while the database is away: it comes back with times soon after. */
const withoutTimesMs = 5_000;

/**
 * The open slots and when they next change, or null while the database is away: the page
 * still goes, without times (D26).
 */
async function offerNow(app: FastifyInstance, now: Date): Promise<{ slots: Slot[]; changesAt: Date } | null> {
  if (!app.db.status.ready) return null;
  try {
    return await currentOffer(app.demos, now, app.config.demos);
  } catch (error) {
    app.log.warn({ reason: (error as Error).message }, 'demo slots not shown');
    return null;
  }
}

const startsOf = (slots: readonly Slot[] | undefined) =>
  slots?.map((slot): { start: string; taken?: boolean } => ({ start: slot.start.toISOString() })) ?? null;

/**
 * What the demo page shows every visitor in a zone (D32): its open slots, and until when that
 * holds with time alone: the next slot change, or a few seconds when it goes without times.
 */
export async function sharedSlotPicker(
  app: FastifyInstance,
  zone: string,
  now = new Date(),
): Promise<{ picker: SlotPicker; holdsUntil: number }> {
  const offer = await offerNow(app, now);
  return {
    picker: { zone, chosen: false, slots: startsOf(offer?.slots) },
    holdsUntil: offer ? offer.changesAt.getTime() : now.getTime() + withoutTimesMs,
  };
}

/**
 * What the demo picker shows on a page that comes back from a post (D32): the open slots in
 * the zone the visitor chose (the form's `zone`) or the team's. A slot the visitor chose that
 * someone took first is shown among them, marked taken.
 */
export async function slotPicker(app: FastifyInstance, state?: FormPageState): Promise<SlotPicker> {
  const zone = canonicalZone(state?.values.zone ?? '') ?? defaultBookingZone;
  const slots = startsOf((await offerNow(app, new Date()))?.slots);
  const gone = state?.errors.slot === bookingMessages.slotGone ? chosenStart(state.values.slot) : undefined;
  if (slots && gone && !slots.some((slot) => slot.start === gone.toISOString())) {
    slots.push({ start: gone.toISOString(), taken: true });
    slots.sort((a, b) => a.start.localeCompare(b.start));
  }
  return { zone, chosen: state?.values.zone !== undefined, slots };
}
