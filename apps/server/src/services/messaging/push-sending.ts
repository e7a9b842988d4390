import { randomUUID } from 'node:crypto';
import { isPushServiceEndpoint, pushPayloadSchema, type PushPayload } from '@growmail/contracts/push';
import webPush from 'web-push';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories/index.ts';

/** What to send: the notification without its tracking id (made here), and optionally one contact's address. */
export type PushMessage = Omit<PushPayload, 'tracking_id'> & { email?: string };

export type SendResult = { trackingId: string; sent: number; removed: number; failed: number; refused: number };

/** A new VAPID key pair (base64url), for VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY. */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}

/**
 * Sends one notification to the stored subscriptions (all, or one contact's) through the
 * web-push library, which encrypts it (aes128gcm) and signs it with the VAPID key. A push
 * service answering 404 or 410 says the subscription is gone for good, so it is deleted.
 * Each endpoint's host is checked again against the push services allowed now (D25), so a
 * row stored before the rule, or written by hand, cannot aim the sender at an internal host.
 */
export async function sendPush(
  { push }: Pick<Repositories, 'push'>,
  { vapid, hosts }: { vapid: NonNullable<Config['vapid']>; hosts: readonly string[] },
  message: PushMessage,
): Promise<SendResult> {
  const { email, ...content } = message;
  const payload = pushPayloadSchema.parse({ ...content, tracking_id: randomUUID() });
  const subscriptions = await push.listSubscriptions(email);

  const result: SendResult = { trackingId: payload.tracking_id, sent: 0, removed: 0, failed: 0, refused: 0 };
  const body = JSON.stringify(payload);
  for (const batch of chunks(subscriptions, 20)) {
    await Promise.all(
      batch.map(async (subscription) => {
        if (!isPushServiceEndpoint(subscription.endpoint, hosts)) {
          result.refused += 1;
          console.error(`Not sent to ${describeHost(subscription.endpoint)}: not a known push service.`);
          return;
        }
        try {
          await webPush.sendNotification(
            { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
            body,
            { vapidDetails: vapid, TTL: 24 * 60 * 60, contentEncoding: 'aes128gcm', timeout: 10_000 },
          );
          result.sent += 1;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await push.removeSubscription(subscription.id);
            result.removed += 1;
          } else {
            result.failed += 1;
            console.error(`Push to ${describeHost(subscription.endpoint)} failed: ${describe(error)}`);
          }
        }
      }),
    );
  }
  return result;
}

function* chunks<T>(items: T[], size: number) {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** The endpoint's origin only: the path is the subscription's secret. */
const describeHost = (endpoint: string) => URL.parse(endpoint)?.origin ?? 'an endpoint that is not a URL';

function describe(error: unknown): string {
  const status = (error as { statusCode?: number }).statusCode;
  return status ? `HTTP ${status}` : error instanceof Error ? error.message : String(error);
}
