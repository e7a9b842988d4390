import { bookingMessages, defaultBookingZone, noSlot } from '@growmail/contracts/demo-booking';
import type { FormPageState } from '@growmail/contracts/form-posts';
import type { FastifyInstance } from 'fastify';
import { currentOffer } from './availability.ts';
import { chosenStart, hasSlotPicker, renderSlotPicker } from './slot-picker.ts';
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

/**
 * The demo page as every visitor gets it in a zone (D32): its open slots written in, and until
 * when it holds with time alone: the next slot change, or a few seconds when it went without
 * times.
 */
export async function demoPageFor(
  app: FastifyInstance,
  html: string,
  zone: string,
  now = new Date(),
): Promise<{ html: string; holdsUntil: number }> {
  const offer = await offerNow(app, now);
  return {
    html: renderSlotPicker(html, { zone, slots: offer?.slots ?? null }),
    holdsUntil: offer ? offer.changesAt.getTime() : now.getTime() + withoutTimesMs,
  };
}

/**
 * The page with the demo picker's open slots written in as it is sent (D32), in the zone the
 * visitor chose (the form's `zone` when the page comes back) or the team's; a slot the
 * visitor chose that was taken first is shown marked. A page without the picker is unchanged.
 */
export async function withDemoSlots(app: FastifyInstance, html: string, state?: FormPageState): Promise<string> {
  if (!hasSlotPicker(html)) return html;
  const zone = canonicalZone(state?.values.zone ?? '') ?? defaultBookingZone;
  const gone = state?.errors.slot === bookingMessages.slotGone ? chosenStart(state.values.slot) : undefined;
  const chosen = state?.values.zone !== undefined;
  const slots = (await offerNow(app, new Date()))?.slots ?? null;
  return renderSlotPicker(html, { zone, chosen, slots, ...(gone ? { gone } : {}) });
}

/**
 * The state the demo form comes back with: when the chosen slot was taken first, "None of
 * these times" is chosen instead of the slot, which shows marked and cannot be chosen.
 */
export const withoutGoneSlot = (state: FormPageState): FormPageState =>
  state.errors.slot === bookingMessages.slotGone ? { ...state, values: { ...state.values, slot: noSlot } } : state;
