import { repository, type Executor } from './repository.ts';

/** Site-wide values every server must agree on, such as made-on-first-use secrets and salts. */
const settingQueries = (db: Executor) => {
  async function get(key: string): Promise<string | null> {
    return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null;
  }

  /** The stored value, or `make()`'s stored first; two servers making it at once agree on the first one stored. */
  async function getOrCreate(key: string, make: () => string): Promise<string> {
    const existing = await get(key);
    if (existing !== null) return existing;
    await db
      .insertInto('settings')
      .values({ key, value: make() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    return (await get(key))!;
  }

  return { get, getOrCreate };
};

export const settingsRepository = repository(settingQueries);
