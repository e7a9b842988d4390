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

/** Where a push goes: a browser's endpoint and the keys it encrypts for. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * What sending a push needs: the VAPID key, the push services allowed now (D25), and where a
 * push that failed is told (the server's log, or a command's standard error).
 */
export type PushSettings = {
  vapid: NonNullable<Config['vapid']>;
  hosts: readonly string[];
  warn: (message: string) => void;
};

/**
 * What became of one push: taken by its push service, gone for good (404 or 410: delete the
 * subscription), refused before sending as not a known push service, or failed (worth a retry).
 */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed';

/**
 * Sends one push through the web-push library, which encrypts it (aes128gcm) for the browser's
 * keys and signs it with the VAPID key. The endpoint's host is checked again against the push
 * services allowed now (D25), so a row stored before the rule, or written by hand, cannot aim the
 * sender at an internal host. The marketing notifications and the members' alerts both send
 * through here, and through nothing else.
 */
export async function deliverPush(
  target: PushTarget,
  body: string,
  { vapid, hosts, warn }: PushSettings,
  ttlSeconds = 24 * 60 * 60,
): Promise<PushOutcome> {
  if (!isPushServiceEndpoint(target.endpoint, hosts)) {
    warn(`Not sent to ${describeHost(target.endpoint)}: not a known push service.`);
    return 'refused';
  }
  try {
    await webPush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      body,
      { vapidDetails: vapid, TTL: ttlSeconds, contentEncoding: 'aes128gcm', timeout: 10_000 },
    );
    return 'sent';
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) return 'gone';
    warn(`Push to ${describeHost(target.endpoint)} failed: ${describe(error)}`);
    return 'failed';
  }
}

/**
 * Sends one notification to the contacts' stored subscriptions (all, or one contact's), with a
 * tracking id made here. A subscription its push service says is gone is deleted.
 */
export async function sendPush(
  { push }: Pick<Repositories, 'push'>,
  settings: PushSettings,
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
        const outcome = await deliverPush(subscription, body, settings);
        if (outcome === 'gone') {
          await push.removeSubscription(subscription.id);
          result.removed += 1;
        } else result[outcome] += 1;
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
