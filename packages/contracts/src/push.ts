import { z } from 'zod';
import { contactSchema } from './developer-api.ts';
import { hasControlCharacters } from './form-fields.ts';

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
    endpoint: z
      .string({ error: endpointMessage })
      .max(2000, endpointMessage)
      .refine((endpoint) => isPushServiceEndpoint(endpoint, hosts), endpointMessage),
    /** Milliseconds since 1970, within what a Date can hold. */
    expirationTime: z.number().int().min(0).max(8.64e15).nullable().optional(),
    keys: z.object({
      p256dh: z
        .string()
        .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'gm_web_push.keys.p256dh must be a base64url P-256 key.'),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'gm_web_push.keys.auth must be a base64url secret.'),
    }),
  });
export type PushSubscriptionJson = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

/**
 * `POST {users}/api/contacts` (spec §3, §7): the contact, and its push subscription when there
 * is one, its endpoint on one of `hosts` (PUSH_SERVICE_HOSTS on the server).
 */
export const contactsApiRequestSchema = (hosts: readonly string[] = defaultPushServiceHosts) =>
  contactSchema.extend({ gm_web_push: pushSubscriptionSchema(hosts).optional() });
export type ContactsApiRequest = z.infer<ReturnType<typeof contactsApiRequestSchema>>;

/** What the service worker shows (spec §3): title, body, icon, tracking_id, and where a click goes. */
export const pushPayloadSchema = z.object({
  title: z.string().min(1).max(120),
  body: z.string().max(500),
  icon: z.string().max(2000).optional(),
  tracking_id: z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/),
  url: z.string().max(2000).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** A tracking id or action name as it appears in the webhook path. */
export const pushActionSchema = z.object({
  action: z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/, 'action must be a tracking id.'),
});
