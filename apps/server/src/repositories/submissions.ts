import { sql } from 'kysely';
import { repository, type Executor } from './repository.ts';

/**
 * Recent form submissions by fingerprint, and by the idempotency key a device sent (D39), with
 * the answer each got: what makes a repeat get the first answer.
 */
const submissionQueries = (db: Executor) => ({
  /** Holds the fingerprint until the transaction ends, so an identical request waits (PostgreSQL only). */
  async lock(fingerprint: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${fingerprint}))`.execute(db);
  },

  /** The answer stored for this fingerprint after `since`, as JSON text. */
  async answerSince(fingerprint: string, since: Date): Promise<string | undefined> {
    const row = await db
      .selectFrom('submissions')
      .select('answer')
      .where('fingerprint', '=', fingerprint)
      .where('created_at', '>', since.toISOString())
      .executeTakeFirst();
    return row?.answer;
  },

  /** Keeps the answer for this fingerprint, replacing an older one. */
  async save(fingerprint: string, answer: string, at: Date): Promise<void> {
    const row = { fingerprint, answer, created_at: at.toISOString() };
    await db
      .insertInto('submissions')
      .values(row)
      .onConflict((conflict) => conflict.column('fingerprint').doUpdateSet({ answer, created_at: row.created_at }))
      .execute();
  },

  /** Deletes at most `limit` fingerprints stored before `before`, oldest first; how many. */
  async removeBefore(before: Date, limit: number): Promise<number> {
    const batch = db
      .selectFrom('submissions')
      .select('fingerprint')
      .where('created_at', '<', before.toISOString())
      .orderBy('created_at')
      .limit(limit);
    const result = await db.deleteFrom('submissions').where('fingerprint', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** The submission stored under this key after `since`: its fingerprint and answer (JSON text). */
  async keyedSince(key: string, since: Date): Promise<{ fingerprint: string; answer: string } | undefined> {
    return db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'answer'])
      .where('key', '=', key)
      .where('created_at', '>', since.toISOString())
      .executeTakeFirst();
  },

  /** Keeps the submission stored under this key, replacing an expired one. */
  async saveKeyed(key: string, fingerprint: string, answer: string, at: Date): Promise<void> {
    const created_at = at.toISOString();
    await db
      .insertInto('idempotency_keys')
      .values({ key, fingerprint, answer, created_at })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ fingerprint, answer, created_at }))
      .execute();
  },

  /** Deletes the keys stored before `before`; how many. */
  async removeKeysBefore(before: Date, limit: number): Promise<number> {
    const batch = db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('created_at', '<', before.toISOString())
      .orderBy('created_at')
      .limit(limit);
    const result = await db.deleteFrom('idempotency_keys').where('key', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});

export const submissionsRepository = repository(submissionQueries);
