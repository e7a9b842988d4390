import { z } from 'zod';
import { contactSchema } from './developer-api.ts';

/** A browser's PushSubscription as JSON (PushSubscription.toJSON()). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'gm_web_push.endpoint must be a URL.' }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'gm_web_push.keys.p256dh must be a base64url P-256 key.'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'gm_web_push.keys.auth must be a base64url secret.'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** `POST {users}/api/contacts` (spec §3, §7): the contact, and its push subscription when there is one. */
export const contactsApiRequestSchema = contactSchema.extend({
  gm_web_push: pushSubscriptionSchema.optional(),
});
export type ContactsApiRequest = z.infer<typeof contactsApiRequestSchema>;

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
