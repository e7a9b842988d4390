import { createHash } from 'node:crypto';
import { idempotencyKeyLifetimeMs, idempotencyMessages } from '@growmail/contracts/idempotency';
import type { DataAccess } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';

/** A repeat of the same submission within this window gets the first answer and stores nothing. */
export const duplicateWindowMs = 60_000;

/** The same idempotency key sent with other content: refused, and nothing stored (D39). */
export class KeyReused extends Error {
  override name = 'KeyReused';
  readonly statusCode = 422;
  constructor() {
    super(idempotencyMessages.reused);
  }
}

/**
 * Stores a submission once (D18): `store` runs in a transaction that commits before the
 * caller answers, so a success answer means the data is on disk. Two guards come first:
 * - an idempotency key (D39), when the device sent one: a key seen in the last 24 hours gets its
 *   first answer, or, with other content, `KeyReused`; `store` (and the demo slot it takes)
 *   never runs again for it;
 * - the same endpoint and content again within a minute (a double click, a retried request,
 *   a post without script and so without a key) returns the first answer.
 */
export async function acceptOnce<T>(
  data: Pick<DataAccess, 'db' | 'submissions'>,
  scope: string,
  content: unknown,
  store: (trx: Executor) => Promise<T>,
  key?: string,
): Promise<{ answer: T; duplicate: boolean }> {
  const fingerprint = createHash('sha256')
    .update(`${scope}\n${stableJson(content)}`)
    .digest('hex');
  return data.db.kysely.transaction().execute(async (trx) => {
    const submissions = data.submissions.in(trx);
    // Two identical requests at once: the second waits here and then sees the first. Always
    // the key first, then the content, so two requests never wait on each other in a circle.
    if (data.db.dialect === 'postgres') {
      if (key) await submissions.lock(`key:${key}`);
      await submissions.lock(fingerprint);
    }
    const now = new Date();
    if (key) {
      const keyed = await submissions.keyedSince(key, new Date(now.getTime() - idempotencyKeyLifetimeMs));
      if (keyed && keyed.fingerprint !== fingerprint) throw new KeyReused();
      if (keyed) return { answer: JSON.parse(keyed.answer) as T, duplicate: true };
    }
    const previous = await submissions.answerSince(fingerprint, new Date(now.getTime() - duplicateWindowMs));
    if (previous !== undefined) {
      if (key) await submissions.saveKeyed(key, fingerprint, previous, now);
      return { answer: JSON.parse(previous) as T, duplicate: true };
    }

    const answer = await store(trx);
    // Older fingerprints and keys are deleted by housekeeping (people/retention.ts), not in this transaction.
    const text = JSON.stringify(answer);
    await submissions.save(fingerprint, text, now);
    if (key) await submissions.saveKeyed(key, fingerprint, text, now);
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
