import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Repositories } from '../repositories/index.ts';
import { trackingSecret } from '../secrets.ts';

/** Where a booking's signed link opens: the page to move or cancel it (D32). */
export const manageBookingPath = '/demo/booking';

const signature = (secret: string, bookingId: string) =>
  createHmac('sha256', secret).update(`demo-booking:${bookingId}`).digest('base64url');

/**
 * The token of a booking's link: its id and an HMAC of it, keyed with the site's tracking
 * secret. The id is random and names no one, so the link carries nothing personal (D31);
 * only the server can make a token, so a link with a changed id or signature is refused.
 */
export const bookingToken = (secret: string, bookingId: string) => `${bookingId}.${signature(secret, bookingId)}`;

/** The booking id a token names, or null when it was not made here. */
export function readBookingToken(secret: string, token: string): string | null {
  const [id, mac, ...rest] = token.split('.');
  if (!id || !mac || rest.length > 0 || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The signed link a booking's mails carry, made with the secret of `linkSecret`. */
export const manageBookingLink = (config: Config, secret: string, bookingId: string) =>
  `${config.urls.public}${manageBookingPath}?token=${bookingToken(secret, bookingId)}`;

/**
 * The secret links are signed with (TRACKING_SECRET, or the one kept in the database). Read it
 * before a transaction: on SQLite a read outside the transaction would wait for it forever.
 */
export const linkSecret = (data: Pick<Repositories, 'settings'>, config: Config) => trackingSecret(data, config);
