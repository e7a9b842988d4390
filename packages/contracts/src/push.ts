import * as z from 'zod/mini';
import { contactSchema } from './developer-api.ts';
import { hasControlCharacters } from './rules.ts';

/**
 * The push services browsers subscribe through (D25): Google's FCM (Chrome, Edge on Android),
 * Mozilla's autopush, Apple's and Microsoft's WNS. `*.` allows any subdomain. A subscription
 * naming another host is refused, so nobody can aim the sender at an internal address.
 */
export const defaultPushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** Whether an endpoint is an https URL on one of the allowed hosts (exact, or a subdomain of a `*.` entry). */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  // The URL parser drops leading controls and tabs, so check the text that would be stored.
  if (hasControlCharacters(endpoint) || /\s/.test(endpoint)) return false;
  const url = URL.parse(endpoint);
  if (!url || url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}

const endpointMessage = 'gm_web_push.endpoint must be an https URL on a known push service.';

/** A browser's PushSubscription as JSON (PushSubscription.toJSON()), its endpoint on one of `hosts`. */
export const pushSubscriptionSchema = (hosts: readonly string[] = defaultPushServiceHosts) =>
  z.object({
    endpoint: z.string({ error: endpointMessage }).check(
      z.maxLength(2000, endpointMessage),
      z.refine((endpoint) => isPushServiceEndpoint(endpoint, hosts), endpointMessage),
    ),
    /** Milliseconds since 1970, within what a Date can hold. */
    expirationTime: z.optional(z.nullable(z.int().check(z.gte(0), z.lte(8.64e15)))),
    keys: z.object({
      p256dh: z
        .string()
        .check(z.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'gm_web_push.keys.p256dh must be a base64url P-256 key.')),
      auth: z
        .string()
        .check(z.regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'gm_web_push.keys.auth must be a base64url secret.')),
    }),
  });
export type PushSubscriptionJson = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

/**
 * `POST {users}/api/contacts` (Entities, Calls made): the contact, and its push subscription
 * when there is one, its endpoint on one of `hosts` (PUSH_SERVICE_HOSTS on the server).
 */
export const contactsApiRequestSchema = (hosts: readonly string[] = defaultPushServiceHosts) =>
  z.extend(contactSchema, { gm_web_push: z.optional(pushSubscriptionSchema(hosts)) });
export type ContactsApiRequest = z.infer<ReturnType<typeof contactsApiRequestSchema>>;

const trackingId = (message?: string) => z.string().check(z.regex(/^[A-Za-z0-9._:-]{1,200}$/, message));

/** What the service worker shows (Entities): title, body, icon, tracking_id, and where a click goes. */
export const pushPayloadSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(120)),
  body: z.string().check(z.maxLength(500)),
  icon: z.optional(z.string().check(z.maxLength(2000))),
  tracking_id: trackingId(),
  url: z.optional(z.string().check(z.maxLength(2000))),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** A tracking id or action name as it appears in the webhook path. */
export const pushActionSchema = z.object({ action: trackingId('action must be a tracking id.') });
