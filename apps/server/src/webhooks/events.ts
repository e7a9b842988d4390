import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Repositories } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';
import type { WebhookEvent } from '../repositories/webhooks.ts';

export type WebhookEventType =
  | 'lead.created'
  | 'newsletter.confirmed'
  | 'newsletter.unsubscribed'
  | 'demo.booked'
  | 'demo.rescheduled'
  | 'demo.cancelled';

/**
 * Writes an event for the team's tools in the caller's transaction, when webhooks are on.
 * Its id is the Standard Webhooks message id: the same on every attempt, so a receiver can
 * drop a delivery it has already processed.
 *
 * No event names an erased address (D29): the team's tools are where an erased person would
 * be added back. A lead they file again still reaches sales by mail; their confirmed
 * newsletter opt-in lifts the suppression first, so that event is sent.
 */
export async function recordEvent(
  { suppressions, webhooks }: Pick<Repositories, 'suppressions' | 'webhooks'>,
  trx: Executor,
  config: Config,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  if (!config.webhook) return;
  if (typeof data.email === 'string' && (await suppressions.in(trx).has(data.email))) return;
  const event: WebhookEvent = { id: `msg_${randomUUID()}`, type, timestamp: new Date().toISOString(), data };
  await webhooks.in(trx).insert(event);
}
