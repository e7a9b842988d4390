import { randomUUID } from 'node:crypto';
import { repository, type Executor } from './repository.ts';

/** A mail as the outbox keeps it, ready for nodemailer. */
export type OutboxMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, such as RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
  /** A calendar invitation (RFC 5545 text), sent by nodemailer as a text/calendar part with its method. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
};

/**
 * The outbox table (D18): mail queued in a submission's transaction, and what became of each.
 * The table also carries members' alerts (channel `alert`, `repositories/alerts.ts`); these
 * queries read and count mail only, and `claim`, `sent` and `attemptFailed` serve both by id.
 */
const mailQueries = (db: Executor) => ({
  /** Queues a mail; in the caller's transaction, it exists exactly when the submission does. */
  async enqueue(topic: string, message: OutboxMessage): Promise<string> {
    const id = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('outbox')
      .values({ id, topic, channel: 'mail', message: JSON.stringify(message), next_attempt_at: now, created_at: now })
      .execute();
    return id;
  },

  /** Whether a mail on this topic was queued after `since` (sent or not). */
  async queuedSince(topic: string, since: Date): Promise<boolean> {
    const found = await db
      .selectFrom('outbox')
      .select('id')
      .where('topic', '=', topic)
      .where('created_at', '>', since.toISOString())
      .executeTakeFirst();
    return Boolean(found);
  },

  /** Mail due for an attempt: not sent, not held by another server; oldest first. */
  due(now: Date, limit: number) {
    return db
      .selectFrom('outbox')
      .select(['id', 'message', 'attempts'])
      .where('channel', '=', 'mail')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
      .orderBy('created_at')
      .limit(limit)
      .execute();
  },

  /** Takes a mail for `leaseMs`; false when another server took it first or it was sent. */
  async claim(id: string, now: Date, leaseMs: number): Promise<boolean> {
    const claimed = await db
      .updateTable('outbox')
      .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  },

  async sent(id: string, attempts: number): Promise<void> {
    await db
      .updateTable('outbox')
      .set({ sent_at: new Date().toISOString(), attempts, locked_until: null, last_error: null })
      .where('id', '=', id)
      .execute();
  },

  /** Records a failed attempt and when to try again. */
  async attemptFailed(id: string, attempts: number, error: string, next: Date): Promise<void> {
    await db
      .updateTable('outbox')
      .set({ attempts, next_attempt_at: next.toISOString(), locked_until: null, last_error: error.slice(0, 500) })
      .where('id', '=', id)
      .execute();
  },

  /** How many mails are not yet sent: due now, or waiting to retry. */
  async unsent(): Promise<number> {
    const { count } = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('channel', '=', 'mail')
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(count);
  },

  /**
   * Deletes at most `limit` mails and alerts sent (or settled) before `before`, oldest first; how
   * many. Unsent mail is kept whatever its age.
   */
  async removeSentBefore(before: Date, limit: number): Promise<number> {
    const batch = db
      .selectFrom('outbox')
      .select('id')
      .where('sent_at', '<', before.toISOString())
      .orderBy('sent_at')
      .limit(limit);
    const result = await db.deleteFrom('outbox').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Every message on one channel (mails, or members' alerts), oldest first: what a test reads to see what was queued. */
  all(channel: 'mail' | 'alert' = 'mail') {
    return db
      .selectFrom('outbox')
      .selectAll()
      .where('channel', '=', channel)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },
});

export const mailRepository = repository(mailQueries);
