import { createHash } from 'node:crypto';
import type { DataAccess } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';

/** A repeat of the same submission within this window gets the first answer and stores nothing. */
export const duplicateWindowMs = 60_000;

/**
 * Stores a submission once (D18): `store` runs in a transaction that commits before the
 * caller answers, so a success answer means the data is on disk. The same endpoint and
 * content again within a minute (a double click, a retried request) returns the first answer.
 */
export async function acceptOnce<T>(
  data: Pick<DataAccess, 'db' | 'submissions'>,
  scope: string,
  content: unknown,
  store: (trx: Executor) => Promise<T>,
): Promise<{ answer: T; duplicate: boolean }> {
  const fingerprint = createHash('sha256')
    .update(`${scope}\n${stableJson(content)}`)
    .digest('hex');
  return data.db.kysely.transaction().execute(async (trx) => {
    const submissions = data.submissions.in(trx);
    // Two identical requests at once: the second waits here and then sees the first.
    if (data.db.dialect === 'postgres') await submissions.lock(fingerprint);
    const now = new Date();
    const previous = await submissions.answerSince(fingerprint, new Date(now.getTime() - duplicateWindowMs));
    if (previous !== undefined) return { answer: JSON.parse(previous) as T, duplicate: true };

    const answer = await store(trx);
    // Older fingerprints are deleted by housekeeping (people/retention.ts), not in this transaction.
    await submissions.save(fingerprint, JSON.stringify(answer), now);
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
