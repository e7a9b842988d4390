import { createHmac, randomBytes } from 'node:crypto';
import { normaliseEmail } from '@growmail/contracts/rules';
import { repository, type Executor, type Repository } from './repository.ts';
import { settingsRepository } from './settings.ts';

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

const hashOf = (salt: string, email: string) => createHmac('sha256', salt).update(normaliseEmail(email)).digest('hex');

const suppressionQueries = (db: Executor) => {
  const settings = settingsRepository(db);

  /** Puts the address on the list; already there is fine. */
  async function add(email: string): Promise<void> {
    const salt = await settings.getOrCreate(saltKey, () => randomBytes(32).toString('base64url'));
    await db
      .insertInto('suppressions')
      .values({ hash: hashOf(salt, email), created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  }

  /** Takes the address off the list, when the person opts in again themselves; true when it was on it. */
  async function lift(email: string): Promise<boolean> {
    const salt = await settings.get(saltKey);
    if (!salt) return false;
    const removed = await db.deleteFrom('suppressions').where('hash', '=', hashOf(salt, email)).executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }

  /** The addresses among `emails` that are on the list, normalised. With no salt yet, nobody was erased. */
  async function among(emails: readonly string[]): Promise<Set<string>> {
    const addresses = [...new Set(emails.map(normaliseEmail))];
    const salt = addresses.length > 0 ? await settings.get(saltKey) : null;
    if (!salt) return new Set();
    const byHash = new Map(addresses.map((address) => [hashOf(salt, address), address]));
    const found = await db
      .selectFrom('suppressions')
      .select('hash')
      .where('hash', 'in', [...byHash.keys()])
      .execute();
    return new Set(found.map((row) => byHash.get(row.hash)!));
  }

  async function has(email: string): Promise<boolean> {
    return (await among([email])).size > 0;
  }

  /** Every entry as stored: a hash and when it was made. */
  function all() {
    return db.selectFrom('suppressions').selectAll().execute();
  }

  return { add, lift, among, has, all };
};

export const suppressionsRepository = repository(suppressionQueries);
export type SuppressionsRepository = Repository<ReturnType<typeof suppressionQueries>>;
