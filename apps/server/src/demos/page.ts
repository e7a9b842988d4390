import { bookingMessages, defaultBookingZone } from '@growmail/contracts/demo-booking';
import type { FormPageState } from '@growmail/contracts/form-posts';
import type { SlotPicker } from '@growmail/contracts/on-demand';
import type { FastifyInstance } from 'fastify';
import { currentSlots } from './availability.ts';
import { chosenStart } from './slot-picker.ts';
import { canonicalZone, type Slot } from './slots.ts';

/** The open slots, or null while the database is away: the page still goes, without times (D26). */
async function slotsNow(app: FastifyInstance): Promise<Slot[] | null> {
  if (!app.db.status.ready) return null;
  try {
    return await currentSlots(app.demos, new Date(), app.config.demos);
  } catch (error) {
    app.log.warn({ reason: (error as Error).message }, 'demo slots not shown');
    return null;
  }
}

/**
 * What the demo picker shows (D32): the open slots in the zone the visitor chose (the form's
 * `zone` when the page comes back) or the team's, each the instant it starts. A slot the
 * visitor chose that someone took first is shown among them, marked taken.
 */
export async function slotPicker(app: FastifyInstance, state?: FormPageState): Promise<SlotPicker> {
  const zone = canonicalZone(state?.values.zone ?? '') ?? defaultBookingZone;
  const open = await slotsNow(app);
  const gone = state?.errors.slot === bookingMessages.slotGone ? chosenStart(state.values.slot) : undefined;
  const slots: { start: string; taken?: boolean }[] | null =
    open?.map((slot) => ({ start: slot.start.toISOString() })) ?? null;
  if (slots && gone && !slots.some((slot) => slot.start === gone.toISOString())) {
    slots.push({ start: gone.toISOString(), taken: true });
    slots.sort((a, b) => a.start.localeCompare(b.start));
  }
  return { zone, chosen: state?.values.zone !== undefined, slots };
}
