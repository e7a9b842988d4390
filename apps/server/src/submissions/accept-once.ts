import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

/** A repeat of the same submission within this window gets the first answer and stores nothing. */
export const duplicateWindowMs = 60_000;

/**
 * Stores a submission once (D18): `store` runs in a transaction that commits before the
 * caller answers, so a success answer means the data is on disk. The same endpoint and
 * content again within a minute (a double click, a retried request) returns the first answer.
 */
export async function acceptOnce<T>(
  db: Db,
  scope: string,
  content: unknown,
  store: (trx: Transaction<Database>) => Promise<T>,
): Promise<{ answer: T; duplicate: boolean }> {
  const fingerprint = createHash('sha256')
    .update(`${scope}\n${stableJson(content)}`)
    .digest('hex');
  return db.kysely.transaction().execute(async (trx) => {
    // Two identical requests at once: the second waits here and then sees the first.
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${fingerprint}))`.execute(trx);
    const now = new Date();
    const previous = await trx
      .selectFrom('submissions')
      .select('answer')
      .where('fingerprint', '=', fingerprint)
      .where('created_at', '>', new Date(now.getTime() - duplicateWindowMs).toISOString())
      .executeTakeFirst();
    if (previous) return { answer: JSON.parse(previous.answer) as T, duplicate: true };

    const answer = await store(trx);
    const row = { fingerprint, answer: JSON.stringify(answer), created_at: now.toISOString() };
    await trx
      .insertInto('submissions')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('fingerprint').doUpdateSet({ answer: row.answer, created_at: row.created_at }),
      )
      .execute();
    await trx
      .deleteFrom('submissions')
      .where('created_at', '<', new Date(now.getTime() - 10 * duplicateWindowMs).toISOString())
      .execute();
    return { answer, duplicate: false };
  });
}

/** JSON with object keys sorted, so equal content gives equal text; emails compare case-insensitively. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => {
    if (key.endsWith('email') && typeof inner === 'string') return inner.toLowerCase();
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)));
    }
    return inner;
  });
}
