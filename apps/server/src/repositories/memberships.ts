import type { Language } from '@growmail/contracts/language';
import { normaliseEmail } from '@growmail/contracts/rules';
import { repository, type Executor } from './repository.ts';

/** What a visitor agreed to when they asked to join a list (D23). */
export type ConsentRequest = {
  tags: readonly string[];
  page: string | null;
  wording: string;
  at: Date;
  /** The page's language (D37), which the membership's later mails and preferences page use. */
  language?: Language;
};

const membershipQueries = (db: Executor) => {
  const membership = (listId: string, contactId: string) =>
    db.selectFrom('list_memberships').where('list_id', '=', listId).where('contact_id', '=', contactId);
  const update = (listId: string, contactId: string) =>
    db.updateTable('list_memberships').where('list_id', '=', listId).where('contact_id', '=', contactId);

  /** Makes sure a list exists; the newsletter list is created on its first subscriber. */
  async function ensureList(id: string, name: string): Promise<void> {
    await db
      .insertInto('lists')
      .values({ id, name, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /**
   * Records a request to join a list (which must exist) with its consent, merging its tags into those the
   * contact has. A subscribed membership is left as it is; any other becomes pending. Returns
   * the membership as it was before, or undefined when there was none.
   */
  async function request(listId: string, contactId: string, consent: ConsentRequest) {
    const before = await membership(listId, contactId)
      .select(['tags', 'status', 'confirmation_sent_at'])
      .executeTakeFirst();
    if (before?.status === 'subscribed') return before;
    const known = before ? (JSON.parse(before.tags) as string[]) : [];
    const values = {
      status: 'pending' as const,
      tags: JSON.stringify([...new Set([...known, ...consent.tags])]),
      consent_requested_at: consent.at.toISOString(),
      language: consent.language ?? 'en',
      consent_page: consent.page,
      consent_wording: consent.wording,
    };
    if (before) await update(listId, contactId).set(values).execute();
    else
      await db
        .insertInto('list_memberships')
        .values({ list_id: listId, contact_id: contactId, subscribed_at: consent.at.toISOString(), ...values })
        .execute();
    return before;
  }

  async function markConfirmationSent(listId: string, contactId: string, at: Date): Promise<void> {
    await update(listId, contactId).set({ confirmation_sent_at: at.toISOString() }).execute();
  }

  /** The member a confirmation link names, with the email its signature covers. */
  function findForConfirmation(listId: string, contactId: string) {
    return membership(listId, contactId)
      .innerJoin('contacts', 'contacts.id', 'list_memberships.contact_id')
      .select(['contacts.email', 'list_memberships.status', 'list_memberships.unsubscribed_at'])
      .executeTakeFirst();
  }

  async function confirm(listId: string, contactId: string, at: Date): Promise<void> {
    const now = at.toISOString();
    await update(listId, contactId)
      .set({ status: 'subscribed', confirmed_at: now, subscribed_at: now, unsubscribed_at: null })
      .execute();
  }

  /** The contact on this list with this email, if there is one. */
  function findByEmail(listId: string, email: string) {
    return db
      .selectFrom('contacts')
      .innerJoin('list_memberships', 'list_memberships.contact_id', 'contacts.id')
      .select(['contacts.id', 'contacts.email'])
      .where('contacts.email', '=', normaliseEmail(email))
      .where('list_memberships.list_id', '=', listId)
      .executeTakeFirst();
  }

  /** The language a membership was asked for in (D37); undefined when there is no such membership. */
  async function languageOf(listId: string, contactId: string): Promise<Language | undefined> {
    return (await membership(listId, contactId).select('language').executeTakeFirst())?.language;
  }

  async function isMember(listId: string, contactId: string): Promise<boolean> {
    return Boolean(await membership(listId, contactId).select('list_id').executeTakeFirst());
  }

  /**
   * Unsubscribes the contact from one list, or from every list when `listId` is null.
   * Returns the lists it left (none when it had already left them).
   */
  async function unsubscribe(contactId: string, listId: string | null, at: Date): Promise<string[]> {
    let query = db
      .updateTable('list_memberships')
      .set({ status: 'unsubscribed', unsubscribed_at: at.toISOString() })
      .where('contact_id', '=', contactId)
      .where('status', '!=', 'unsubscribed');
    if (listId !== null) query = query.where('list_id', '=', listId);
    const left = await query.returning('list_id').execute();
    return left.map((row) => row.list_id);
  }

  /** Deletes memberships (with their consent records) unsubscribed before `before`; how many. */
  async function removeUnsubscribedBefore(before: Date): Promise<number> {
    const result = await db
      .deleteFrom('list_memberships')
      .where('status', '=', 'unsubscribed')
      .where('unsubscribed_at', '<', before.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every membership, by list and contact: what a test reads to see what was stored. */
  function all() {
    return db.selectFrom('list_memberships').selectAll().orderBy('list_id').orderBy('contact_id').execute();
  }

  return {
    all,
    ensureList,
    request,
    markConfirmationSent,
    findForConfirmation,
    confirm,
    findByEmail,
    isMember,
    unsubscribe,
    languageOf,
    removeUnsubscribedBefore,
  };
};

export const membershipsRepository = repository(membershipQueries);
