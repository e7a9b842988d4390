import { createHmac } from 'node:crypto';
import { bookingMessages, type Booking } from '@growmail/contracts/demo-booking';
import type { Language } from '@growmail/contracts/language';
import { normaliseEmail } from '@growmail/contracts/rules';
import type { Config } from '../config.ts';
import type { DataAccess } from '../repositories/index.ts';
import { recordEvent } from '../webhooks/events.ts';
import { bookedDemo } from './booked-demo.ts';
import { manageBookingLink } from './links.ts';
import { bookedMail, demoEventData, heldBookingMail } from './messages.ts';
import type { Executor } from '../repositories/repository.ts';
import { canonicalZone } from './slots.ts';
import { offeredSlot, takeSlot } from './take-slot.ts';

/** A day: the window of the daily cap per client address, and of the held booking's mail to an address. */
export const bookingDayMs = 24 * 3_600_000;

/** A booking the request cannot have, with the field path and words the visitor is shown; a 4xx. */
export class BookingRefused extends Error {
  override name = 'BookingRefused';
  readonly statusCode: 400 | 409 | 429;
  readonly field: 'slot' | 'zone';
  /** For a 429: seconds until the client may ask again. */
  readonly retryAfterSeconds: number | undefined;
  constructor(statusCode: 400 | 409 | 429, field: 'slot' | 'zone', message: string, retryAfterSeconds?: number) {
    super(message);
    this.statusCode = statusCode;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The booking as checked before anything is written: an IANA zone, as the runtime spells it. */
export function readBooking(booking: Booking): { start: Date; zone: string } {
  const zone = canonicalZone(booking.zone);
  if (!zone) throw new BookingRefused(400, 'zone', bookingMessages.zoneInvalid);
  return { start: new Date(booking.slot), zone };
}

const slotRefused = (reason: 'unknown' | 'gone') =>
  reason === 'gone'
    ? new BookingRefused(409, 'slot', bookingMessages.slotGone)
    : new BookingRefused(400, 'slot', bookingMessages.slotUnknown);

/** The client address as the daily cap keeps it: an HMAC keyed with the links' secret, so the address is not stored. */
const clientKey = (secret: string, address: string) =>
  createHmac('sha256', secret).update(`demo-client:${address}`).digest('base64url');

type BookingData = Pick<DataAccess, 'db' | 'demos' | 'leads' | 'mail' | 'suppressions' | 'webhooks'>;

/**
 * Takes the demo's slot in the lead's transaction, with the prospect's invitation and the
 * `demo.booked` event: a slot not on offer is refused (400), and one every host of which was
 * taken first is gone (409); either throws, so the lead rolls back and nothing is stored.
 *
 * Two limits come first, read and written in the same transaction, so they hold across servers:
 * - A client address may ask for slots `DEMO_BOOKINGS_PER_ADDRESS_PER_DAY` times in 24 hours;
 *   beyond, 429 and nothing stored. Every request that asks for a slot counts, whatever becomes
 *   of it, so the count tells nothing about any email address.
 * - An email address holds one open booking (booked, still to come). A request from an address
 *   that holds one takes no slot: the lead is stored as asked (sales sees the interest), and the
 *   address is mailed its booking with the link to move it, at most once a day. The visitor's
 *   answer is the same as for a booking, so it reveals nothing about the address.
 * On PostgreSQL each limit's key is held until the transaction ends (client, then address, in
 * that order always), so two requests at once take turns rather than both passing the check.
 */
export function bookAlongside(
  data: BookingData,
  config: Config,
  /** The links' secret (`linkSecret`), read before the lead's transaction. */
  secret: string,
  booking: { start: Date; zone: string },
  who: { email: string; name: string; client: string; language?: Language },
) {
  return async (trx: Executor, leadId: string): Promise<void> => {
    const now = new Date();
    const demos = data.demos.in(trx);
    const takesTurns = data.db.dialect === 'postgres';
    const dayAgo = new Date(now.getTime() - bookingDayMs);

    const client = clientKey(secret, who.client);
    if (takesTurns) await demos.hold(`demo-client:${client}`);
    const asked = await demos.requestsSince(client, dayAgo);
    if (asked.count >= config.demos.bookingsPerAddressPerDay) {
      const freed = asked.first ? Date.parse(asked.first) + bookingDayMs - now.getTime() : bookingDayMs;
      throw new BookingRefused(429, 'slot', bookingMessages.tooManyToday, Math.max(1, Math.ceil(freed / 1000)));
    }
    await demos.addRequest(client, now);

    const address = normaliseEmail(who.email);
    if (takesTurns) await demos.hold(`demo-email:${address}`);
    const held = await demos.openBookingOf(address, now);
    if (held) {
      // A time that is not on offer is refused as for anyone, so the answer says nothing of the address.
      const offered = await offeredSlot(data, trx, booking.start, now, config.demos);
      if (!offered.slot) throw slotRefused(offered.reason);
      return mailHeldBooking(data, trx, config, secret, held.id, address, dayAgo);
    }

    const booker = { email: who.email, name: who.name, zone: booking.zone, leadId, language: who.language ?? 'en' };
    const result = await takeSlot(data, trx, booking.start, booker, now, config.demos);
    if (!result.taken) throw slotRefused(result.reason);
    await confirmBooking(data, trx, config, secret, result.bookingId, leadId);
  };
}

/** Queues a new booking's invitation to the prospect and its `demo.booked` event, in the booking's transaction. */
export async function confirmBooking(
  data: Pick<DataAccess, 'demos' | 'leads' | 'mail' | 'suppressions' | 'webhooks'>,
  trx: Executor,
  config: Config,
  secret: string,
  bookingId: string,
  leadId: string,
): Promise<void> {
  const demo = await bookedDemo(data.demos.in(trx), config, bookingId);
  const link = manageBookingLink(config, secret, demo.id);
  await data.mail.in(trx).enqueue('demo:booked', bookedMail(demo, config, link));
  // The lead's source (D42) goes with the booking, so a CRM ties the demo to its campaign.
  const source = await data.leads.in(trx).sourceOf(leadId);
  await recordEvent(data, trx, config, 'demo.booked', { ...demoEventData(demo, leadId), source });
}

/** Mails an address the booking it holds, unless that mail went to it within the day. */
async function mailHeldBooking(
  data: BookingData,
  trx: Executor,
  config: Config,
  secret: string,
  bookingId: string,
  address: string,
  dayAgo: Date,
): Promise<void> {
  const topic = `demo:held:${address}`;
  if (await data.mail.in(trx).queuedSince(topic, dayAgo)) return;
  const demo = await bookedDemo(data.demos.in(trx), config, bookingId);
  await data.mail.in(trx).enqueue(topic, heldBookingMail(demo, manageBookingLink(config, secret, bookingId)));
}
