import type { MembershipStatus } from '@growmail/server/db';
import { addToTotals, countedLeads } from '@growmail/server/lead-totals';
import { inTransaction, repository, type Executor } from '@growmail/server/repository';

/**
 * Rows as a test needs them: backdated, or in a state the app reaches only over time or
 * through a path the test is not about. A repository like the app's (`fixturesRepository(db)`,
 * `.in(trx)`), but only tests use it, so it lives with them rather than in the server's source.
 */
const fixtureQueries = (db: Executor) => ({
  /** Dates a lead, moving it in the Marketing page's totals; the app never changes created_at, hence the cast. */
  async backdateLead(id: string, at: string): Promise<void> {
    await inTransaction(db, async (trx) => {
      await addToTotals(trx, await countedLeads(trx, [id]), -1);
      await trx
        .updateTable('leads')
        .set({ created_at: at } as never)
        .where('id', '=', id)
        .execute();
      await addToTotals(trx, await countedLeads(trx, [id]));
    });
  },

  /** Dates the mail whose text contains `text`, marked sent then or left unsent. */
  async backdateMail(text: string, at: string, sent: boolean): Promise<void> {
    await db
      .updateTable('outbox')
      .set({ created_at: at, sent_at: sent ? at : null })
      .where('message', 'like', `%${text}%`)
      .execute();
  },

  /** Dates the webhook events whose payload contains `text`, delivered then or failed then. */
  async backdateEvents(text: string, at: string, delivered: boolean): Promise<void> {
    await db
      .updateTable('webhook_events')
      .set(delivered ? { created_at: at, delivered_at: at } : { created_at: at, failed_at: at })
      .where('payload', 'like', `%${text}%`)
      .execute();
  },

  /** Dates what quarantine holds under this id, or from this email. */
  async backdateQuarantine(which: { id: string } | { email: string }, at: string): Promise<void> {
    let query = db.updateTable('quarantine').set({ created_at: at });
    query = 'id' in which ? query.where('id', '=', which.id) : query.where('email', '=', which.email);
    await query.execute();
  },

  /** Marks an event failed for good, as running out of attempts would. */
  async failEvent(id: string, attempts: number): Promise<void> {
    await db
      .updateTable('webhook_events')
      .set({ failed_at: new Date().toISOString(), attempts })
      .where('id', '=', id)
      .execute();
  },

  /** Sets when the contact's last confirmation email went, on every list. */
  async setConfirmationSent(contactId: string, at: string | null): Promise<void> {
    await db
      .updateTable('list_memberships')
      .set({ confirmation_sent_at: at })
      .where('contact_id', '=', contactId)
      .execute();
  },

  async addList(id: string, name: string): Promise<void> {
    await db.insertInto('lists').values({ id, name }).execute();
  },

  async addContact(id: string, email: string): Promise<void> {
    await db.insertInto('contacts').values({ id, email }).execute();
  },

  /** A membership with the schema's defaults, or the status and unsubscribe time given. */
  async addMembership(
    listId: string,
    contactId: string,
    state: { status: MembershipStatus; unsubscribed_at: string | null } | Record<string, never> = {},
  ): Promise<void> {
    await db
      .insertInto('list_memberships')
      .values({ list_id: listId, contact_id: contactId, ...state })
      .execute();
  },

  /** Removes every push subscription. */
  async removeAllSubscriptions(): Promise<void> {
    await db.deleteFrom('push_subscriptions').execute();
  },
});

export const fixturesRepository = repository(fixtureQueries);
