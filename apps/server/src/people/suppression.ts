import { createHmac, randomBytes } from 'node:crypto';
import { normaliseEmail } from '@growmail/contracts/rules';
import type { Executor } from '../repositories/repository.ts';

/**
 * The suppression list (D29). Erasing a person leaves only a salted hash of their address,
 * so that nothing that is not their own doing (an old import through the contacts API, a
 * replayed or late webhook event) brings the address back. Their own confirmed newsletter
 * opt-in lifts it: asking again, and proving the inbox is theirs, outweighs the old request.
 *
 * The salt is site-wide, made on the first erasure and kept in `settings`, so every server
 * computes the same hash. Without it a list of hashes could be checked against a list of
 * addresses; losing it makes every entry meaningless, so it is never rotated.
 */
const saltKey = 'suppression_salt';

const readSalt = async (db: Executor): Promise<string | null> =>
  (await db.selectFrom('settings').select('value').where('key', '=', saltKey).executeTakeFirst())?.value ?? null;

/** The salt, made on first use; two servers making it at once agree on the first one stored. */
async function salt(db: Executor): Promise<string> {
  const existing = await readSalt(db);
  if (existing) return existing;
  await db
    .insertInto('settings')
    .values({ key: saltKey, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return (await readSalt(db))!;
}

const hashOf = (salt: string, email: string) => createHmac('sha256', salt).update(normaliseEmail(email)).digest('hex');

/** Puts the address on the list; already there is fine. */
export async function suppress(db: Executor, email: string): Promise<void> {
  await db
    .insertInto('suppressions')
    .values({ hash: hashOf(await salt(db), email), created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .execute();
}

/** Takes the address off the list, when the person opts in again themselves; true when it was on it. */
export async function liftSuppression(db: Executor, email: string): Promise<boolean> {
  const existing = await readSalt(db);
  if (!existing) return false;
  const removed = await db.deleteFrom('suppressions').where('hash', '=', hashOf(existing, email)).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** The addresses among `emails` that are on the list, normalised. With no salt yet, nobody was erased. */
export async function suppressedAmong(db: Executor, emails: readonly string[]): Promise<Set<string>> {
  const addresses = [...new Set(emails.map(normaliseEmail))];
  const existing = addresses.length > 0 ? await readSalt(db) : null;
  if (!existing) return new Set();
  const byHash = new Map(addresses.map((address) => [hashOf(existing, address), address]));
  const found = await db
    .selectFrom('suppressions')
    .select('hash')
    .where('hash', 'in', [...byHash.keys()])
    .execute();
  return new Set(found.map((row) => byHash.get(row.hash)!));
}

export async function isSuppressed(db: Executor, email: string): Promise<boolean> {
  return (await suppressedAmong(db, [email])).size > 0;
}
