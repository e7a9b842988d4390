import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normaliseEmail } from '@growmail/contracts/rules';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories/index.ts';
import { trackingSecret } from '../../secrets.ts';

/**
 * Unsubscribe tracking ids (D17): `{list}.{ref}.{issued}.{signature}`. The list id comes
 * first, base64url-encoded, so it becomes the fourth-to-last segment of the unsubscribe
 * call. The HMAC covers the contact, the reference and the time but not the list, so the
 * same link with `*` in place of the list ("all lists") still verifies, and nobody can make
 * a link for a contact without the secret.
 */

export type TrackingParts = { list: string; ref: string; issued: string; signature: string };

const sign = (secret: string, parts: Omit<TrackingParts, 'list' | 'signature'>, contactId: string, email: string) =>
  createHmac('sha256', secret)
    .update(['v1', parts.ref, parts.issued, contactId, normaliseEmail(email)].join('\n'))
    .digest('base64url')
    .slice(0, 32);

export function mintTrackingId(secret: string, listId: string, contactId: string, email: string): string {
  const ref = randomBytes(6).toString('base64url');
  const issued = Date.now().toString(36);
  const signature = sign(secret, { ref, issued }, contactId, email);
  return [Buffer.from(listId).toString('base64url'), ref, issued, signature].join('.');
}

export function verifyTracking(secret: string, parts: TrackingParts, contactId: string, email: string): boolean {
  const expected = Buffer.from(sign(secret, parts, contactId, email));
  const given = Buffer.from(parts.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The list id a link's first part names, or null when it cannot be one: the list is not
 * signed (D17), so anything can arrive here, a NUL that PostgreSQL refuses included.
 * List ids are what AUDIENCE_ID allows.
 */
export function decodeListId(part: string): string | null {
  const id = Buffer.from(part, 'base64url').toString('utf8');
  return /^[A-Za-z0-9._-]{1,100}$/.test(id) ? id : null;
}

/** The preferences page link for a contact on a list, or null when they are not on it. */
export async function mintUnsubscribeLink(
  data: Pick<Repositories, 'memberships' | 'settings'>,
  config: Config,
  email: string,
  listId: string = config.audienceId,
): Promise<string | null> {
  const member = await data.memberships.findByEmail(listId, email);
  if (!member) return null;
  const trackingId = mintTrackingId(await trackingSecret(data, config), listId, member.id, member.email);
  return `${config.urls.public}/unsubscription/${trackingId}/${encodeURIComponent(member.email)}/${member.id}`;
}
