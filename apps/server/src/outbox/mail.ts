import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export type OutboxMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, such as RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
};

/** Queues a mail in the caller's transaction: it exists exactly when the submission does. */
export async function enqueueMail(trx: Transaction<Database>, topic: string, message: OutboxMessage): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await trx
    .insertInto('outbox')
    .values({ id, topic, message: JSON.stringify(message), next_attempt_at: now, created_at: now })
    .execute();
  return id;
}

/** Whether a mail on this topic was queued after `since` (sent or not). */
export async function queuedSince(trx: Transaction<Database>, topic: string, since: Date): Promise<boolean> {
  const found = await trx
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', topic)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirst();
  return Boolean(found);
}

/** Waits before the next attempt after `attempts` failures: 5 s, 10 s, 20 s … capped at an hour. */
export function retryDelayMs(attempts: number, baseMs = 5_000, capMs = 3_600_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** A lead as a plain-text mail for the sales inbox: one "label: value" line per field. */
export function leadMail(
  kind: string,
  fields: Record<string, unknown>,
  to: string,
  replyTo: string | undefined,
): OutboxMessage {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${format(value)}`);
  const who = [fields.firstname, fields.lastname].filter(Boolean).join(' ') || fields.fullname || fields.email;
  return {
    to,
    subject: `New ${kind} lead: ${String(who)}`.slice(0, 200),
    text: `A new ${kind} lead arrived from the website.\n\n${lines.join('\n')}\n`,
    ...(replyTo ? { replyTo } : {}),
  };
}

const format = (value: unknown): string =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
