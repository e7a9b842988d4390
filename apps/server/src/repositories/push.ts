import { randomUUID } from 'node:crypto';
import type { PushSubscriptionJson } from '@growmail/contracts/push';
import { normaliseEmail } from '@growmail/contracts/rules';
import { repository, type Executor } from './repository.ts';

const pushQueries = (db: Executor) => ({
  /** Keeps a browser's subscription for a contact; the same endpoint again updates its keys. */
  async saveSubscription(contactId: string, subscription: PushSubscriptionJson): Promise<void> {
    const now = new Date().toISOString();
    const values = {
      contact_id: contactId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      expiration_time:
        typeof subscription.expirationTime === 'number' ? new Date(subscription.expirationTime).toISOString() : null,
      updated_at: now,
    };
    await db
      .insertInto('push_subscriptions')
      .values({ id: randomUUID(), endpoint: subscription.endpoint, created_at: now, ...values })
      .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
      .execute();
  },

  /** Every stored subscription, or those of the contact with this email. */
  listSubscriptions(email?: string) {
    let query = db
      .selectFrom('push_subscriptions')
      .innerJoin('contacts', 'contacts.id', 'push_subscriptions.contact_id')
      .select(['push_subscriptions.id', 'endpoint', 'p256dh', 'auth']);
    if (email) query = query.where('contacts.email', '=', normaliseEmail(email));
    return query.execute();
  },

  /** Forgets a subscription its push service says is gone for good. */
  async removeSubscription(id: string): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  },

  /** Every stored subscription, whole: what a test reads to see what was stored. */
  allSubscriptions() {
    return db.selectFrom('push_subscriptions').selectAll().orderBy('created_at').orderBy('id').execute();
  },

  /** Every notification click recorded. */
  actions() {
    return db.selectFrom('push_actions').selectAll().orderBy('created_at').orderBy('id').execute();
  },

  /** A notification click the service worker reported, with when it arrived. */
  async recordAction(action: string, userAgent: string | null): Promise<void> {
    await db
      .insertInto('push_actions')
      .values({ id: randomUUID(), action, user_agent: userAgent, created_at: new Date().toISOString() })
      .execute();
  },
});

export const pushRepository = repository(pushQueries);
