import type { Repositories } from '../repositories/index.ts';
import { nextSlotChange, openSlots, type Availability, type Slot } from './slots.ts';

/** The demo queries availability reads: the repository, or the same queries in a transaction. */
type DemoReads = Pick<Repositories['demos'], 'hours' | 'hosts' | 'blocks' | 'upcoming'>;

/** The team's zone when no hours are kept: the default of D32. */
export const defaultZone = 'Africa/Lagos';

/** The availability as stored: hours, hosts, and the blocks and live bookings still to come. */
export async function readAvailability(demos: DemoReads, now: Date): Promise<Availability> {
  const [hours, hosts, blocks, bookings] = await Promise.all([
    demos.hours(),
    demos.hosts(),
    demos.blocks(now),
    demos.upcoming(now),
  ]);
  return {
    zone: hours[0]?.zone ?? defaultZone,
    hours: hours.map(({ weekday, starts, ends }) => ({ weekday, starts, ends })),
    hosts: hosts.map((host) => host.id),
    busy: [
      ...blocks.map((block) => ({
        hostId: block.host_id,
        start: new Date(block.starts_at),
        end: new Date(block.ends_at),
      })),
      ...bookings.map((booking) => ({
        hostId: booking.host_id,
        start: new Date(booking.starts_at),
        end: new Date(booking.ends_at),
        booked: true,
      })),
    ],
  };
}

/** The slots open now, from the stored availability. */
export async function currentSlots(
  demos: DemoReads,
  now: Date,
  options: { noticeMinutes?: number } = {},
): Promise<Slot[]> {
  return openSlots(await readAvailability(demos, now), now, options);
}

/** The slots open now, and when they next change with time alone (`nextSlotChange`). */
export async function currentOffer(
  demos: DemoReads,
  now: Date,
  options: { noticeMinutes?: number } = {},
): Promise<{ slots: Slot[]; changesAt: Date }> {
  const availability = await readAvailability(demos, now);
  return { slots: openSlots(availability, now, options), changesAt: nextSlotChange(now, availability.zone, options) };
}
