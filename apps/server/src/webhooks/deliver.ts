import { normaliseEmail } from '@growmail/contracts/rules';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../config.ts';
import { retryDelayMs } from '../outbox/mail.ts';
import type { Repositories } from '../repositories/index.ts';
import type { SuppressionsRepository } from '../repositories/suppressions.ts';
import type { WebhookEvent } from '../repositories/webhooks.ts';

export type DeliveryOptions = {
  /** How long a receiver may take to answer. */
  timeoutMs?: number;
  /** The first retry's wait; each further one doubles, up to an hour. */
  retryBaseMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /** Only these events (a replay), rather than whatever is due. */
  only?: readonly string[];
};

/** `dropped`: events naming an erased address, deleted rather than sent. */
export type DeliveryReport = { delivered: number; retrying: number; failed: number; dropped: number };

/**
 * POSTs one event, signed per Standard Webhooks: `webhook-id` (the event's id, the same on
 * every attempt), `webhook-timestamp` (seconds) and `webhook-signature` (v1, HMAC-SHA256 of
 * id.timestamp.body with the whsec_ secret). Throws unless the receiver answers 2xx in time.
 */
export async function postEvent(
  webhook: NonNullable<Config['webhook']>,
  id: string,
  body: string,
  timeoutMs: number,
): Promise<void> {
  const sentAt = new Date();
  const response = await fetch(webhook.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Growmail-Webhooks/1',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(webhook.secret).sign(id, sentAt, body),
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299) throw new Error(`the receiver answered ${response.status}`);
}

/**
 * Delivers the events that are due: a 2xx marks one delivered; anything else (an error
 * status, a refused connection, a timeout) schedules another attempt with back-off, and after
 * `maxAttempts` marks it failed. A failed event is kept for `npm run webhooks -- replay`.
 *
 * An event naming an address on the suppression list (D29) is deleted unsent: erasing a
 * person deletes their events, and this catches one written while the erasure ran, or kept
 * from before it in a copy of the database.
 */
export async function deliverDue(
  { webhooks: events, suppressions }: Pick<Repositories, 'webhooks' | 'suppressions'>,
  webhook: NonNullable<Config['webhook']>,
  options: DeliveryOptions = {},
  closed: () => boolean = () => false,
): Promise<DeliveryReport> {
  const { timeoutMs = 10_000, retryBaseMs = 5_000, batchSize = 20, leaseMs = 120_000 } = options;
  const report: DeliveryReport = { delivered: 0, retrying: 0, failed: 0, dropped: 0 };
  const due = await events.due(new Date(), batchSize, options.only);
  const erased = await namingErased(suppressions, due);
  for (const event of due) {
    if (closed()) break;
    if (erased.has(event.id)) {
      await events.remove(event.id);
      report.dropped += 1;
      continue;
    }
    if (!(await events.claim(event.id, new Date(), leaseMs))) continue;
    const attempts = event.attempts + 1;
    try {
      await postEvent(webhook, event.id, event.payload, timeoutMs);
      await events.delivered(event.id, attempts);
      report.delivered += 1;
    } catch (error) {
      const giveUp = attempts >= webhook.maxAttempts;
      const next = giveUp ? null : new Date(Date.now() + retryDelayMs(attempts, retryBaseMs));
      await events.attemptFailed(event.id, attempts, describe(error), next);
      report[giveUp ? 'failed' : 'retrying'] += 1;
    }
  }
  return report;
}

/** The ids of the events whose `data.email` is on the suppression list. */
async function namingErased(
  suppressions: SuppressionsRepository,
  events: { id: string; payload: string }[],
): Promise<Set<string>> {
  const named = events.flatMap((event) => {
    const { email } = (JSON.parse(event.payload) as WebhookEvent).data;
    return typeof email === 'string' ? [{ id: event.id, email: normaliseEmail(email) }] : [];
  });
  const suppressed = await suppressions.among(named.map((event) => event.email));
  return new Set(named.filter((event) => suppressed.has(event.email)).map((event) => event.id));
}

const describe = (error: unknown): string => {
  const { message, cause } = (error ?? {}) as { message?: string; cause?: { code?: string; message?: string } };
  return [message, cause?.code ?? cause?.message].filter(Boolean).join(': ') || String(error);
};
