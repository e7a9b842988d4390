import { bookingMessages, type Booking } from '@growmail/contracts/demo-booking';
import type { Config } from '../config.ts';
import type { Repositories } from '../repositories/index.ts';
import { recordEvent } from '../webhooks/events.ts';
import { bookedDemo } from './booked-demo.ts';
import { manageBookingLink } from './links.ts';
import { bookedMail, demoEventData } from './messages.ts';
import type { Executor } from '../repositories/repository.ts';
import { canonicalZone } from './slots.ts';
import { takeSlot } from './take-slot.ts';

/** A booking the request cannot have, with the field path and words the visitor is shown; a 4xx. */
export class BookingRefused extends Error {
  override name = 'BookingRefused';
  readonly statusCode: 400 | 409;
  readonly field: 'slot' | 'zone';
  constructor(statusCode: 400 | 409, field: 'slot' | 'zone', message: string) {
    super(message);
    this.statusCode = statusCode;
    this.field = field;
  }
}

/** The booking as checked before anything is written: an IANA zone, as the runtime spells it. */
export function readBooking(booking: Booking): { start: Date; zone: string } {
  const zone = canonicalZone(booking.zone);
  if (!zone) throw new BookingRefused(400, 'zone', bookingMessages.zoneInvalid);
  return { start: new Date(booking.slot), zone };
}

/**
 * Takes the demo's slot in the lead's transaction, with the prospect's invitation and the
 * `demo.booked` event: a slot not on offer is refused (400), and one every host of which was
 * taken first is gone (409); either throws, so the lead rolls back and nothing is stored.
 */
export function bookAlongside(
  data: Pick<Repositories, 'demos' | 'mail' | 'suppressions' | 'webhooks'>,
  config: Config,
  /** The links' secret (`linkSecret`), read before the lead's transaction. */
  secret: string,
  booking: { start: Date; zone: string },
  who: { email: string; name: string },
) {
  return async (trx: Executor, leadId: string): Promise<void> => {
    const booker = { ...who, zone: booking.zone, leadId };
    const result = await takeSlot(data, trx, booking.start, booker, new Date(), config.demos);
    if (!result.taken) {
      throw result.reason === 'gone'
        ? new BookingRefused(409, 'slot', bookingMessages.slotGone)
        : new BookingRefused(400, 'slot', bookingMessages.slotUnknown);
    }
    const demo = await bookedDemo(data.demos.in(trx), config, result.bookingId);
    const link = manageBookingLink(config, secret, demo.id);
    await data.mail.in(trx).enqueue('demo:booked', bookedMail(demo, config, link));
    await recordEvent(data, trx, config, 'demo.booked', demoEventData(demo, leadId));
  };
}
