import { idempotencyKeyLifetimeMs } from '@growmail/contracts/idempotency';
import type { Repositories } from '../repositories/index.ts';

const day = 24 * 60 * 60 * 1000;

/**
 * How long each kind of record is kept, as the privacy page states it ("How long we keep
 * it"). Change both together.
 */
export const retention = {
  /** Submissions held as probable spam. */
  quarantine: 30 * day,
  /** Sent mail, and webhook events a receiver took: the record of what left the site. */
  sentMessages: 90 * day,
  /** Leads, counted from when they were written. */
  leads: 730 * day,
  /** A newsletter membership and its consent record, counted from the unsubscribe. */
  unsubscribed: 730 * day,
  /** A submission's idempotency key (D39), with the fingerprint of what it sent. */
  idempotencyKeys: idempotencyKeyLifetimeMs,
} as const;

export type Pruned = {
  quarantine: number;
  mail: number;
  webhookEvents: number;
  leads: number;
  memberships: number;
  idempotencyKeys: number;
};

/**
 * Deletes every record older than its retention. Mail still waiting to go and webhook
 * events that ran out of attempts are kept whatever their age: one is a lead's notification
 * not yet delivered, the other waits for `npm run webhooks -- replay`.
 */
export async function pruneExpired(
  data: Pick<Repositories, 'quarantine' | 'mail' | 'webhooks' | 'leads' | 'memberships' | 'submissions'>,
  now = new Date(),
): Promise<Pruned> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return {
    quarantine: await data.quarantine.removeCreatedBefore(before(retention.quarantine)),
    mail: await data.mail.removeSentBefore(before(retention.sentMessages)),
    webhookEvents: await data.webhooks.removeDeliveredBefore(before(retention.sentMessages)),
    leads: await data.leads.removeCreatedBefore(before(retention.leads)),
    memberships: await data.memberships.removeUnsubscribedBefore(before(retention.unsubscribed)),
    idempotencyKeys: await data.submissions.removeKeysBefore(before(retention.idempotencyKeys)),
  };
}
