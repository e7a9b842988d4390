import { PostgresAdapter, sql, type SqlBool } from 'kysely';
import { addToTotals, countedBookings, countedLeads } from './lead-totals.ts';
import { inTransaction, repository, type Executor, type Repository } from './repository.ts';

/**
 * The JSON text column of each table whose rows can name a person: a row is theirs (by its
 * own email), or someone else's that mentions their address in what was typed.
 */
export const jsonColumns = {
  contacts: 'attributes',
  leads: 'metadata',
  quarantine: 'fields',
  outbox: 'message',
  webhook_events: 'payload',
} as const;
export type PeopleTable = keyof typeof jsonColumns;

/**
 * The queries behind `npm run people`: every row that may be about one address, and removing
 * them. `address` is normalised (see normaliseEmail); `needle` is the address as it appears
 * inside JSON text. What the text queries return is a superset: the caller checks each row.
 */
const peopleQueries = (db: Executor) => ({
  /** The contact with this email (emails are stored normalised), and other contacts whose attributes mention it. */
  contacts: (address: string, needle: string) =>
    db
      .selectFrom('contacts')
      .selectAll()
      .where('email', '=', address)
      .union(
        db
          .selectFrom('contacts')
          .selectAll()
          .where(mentioning(db, 'contacts', needle)),
      )
      .execute(),

  memberships: (contactIds: string[]) =>
    db
      .selectFrom('list_memberships')
      .innerJoin('lists', 'lists.id', 'list_memberships.list_id')
      .selectAll('list_memberships')
      .select('lists.name as list_name')
      .where('contact_id', 'in', orNone(contactIds))
      .orderBy('list_id')
      .execute(),

  pushSubscriptions: (contactIds: string[]) =>
    db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('contact_id', 'in', orNone(contactIds))
      .orderBy('created_at')
      .execute(),

  /**
   * Leads and quarantined submissions store the email as typed, so it is compared lower-cased:
   * `lower(email) = ?`, which an index serves (migration 0012). The mentions are a second
   * select in a UNION, so each half is served by its own index (0012, 0014).
   */
  leads: (address: string, needle: string) =>
    db
      .selectFrom('leads')
      .selectAll()
      .where(lowerEmail, '=', address)
      .union(
        db
          .selectFrom('leads')
          .selectAll()
          .where(mentioning(db, 'leads', needle)),
      )
      .orderBy('created_at')
      .execute(),

  quarantine: (address: string, needle: string) =>
    db
      .selectFrom('quarantine')
      .selectAll()
      .where(lowerEmail, '=', address)
      .union(
        db
          .selectFrom('quarantine')
          .selectAll()
          .where(mentioning(db, 'quarantine', needle)),
      )
      .orderBy('created_at')
      .execute(),

  /** Mail to them, or about them (a lead's mail to sales names them in its text and Reply-To). */
  outbox: (address: string, needle: string) =>
    db
      .selectFrom('outbox')
      .selectAll()
      .where('topic', '=', `ack:${address}`)
      .union(
        db
          .selectFrom('outbox')
          .selectAll()
          .where(mentioning(db, 'outbox', needle)),
      )
      .orderBy('created_at')
      .execute(),

  /** Demo bookings made with this address (D32): the name and address the booker typed. */
  demoBookings: (address: string) =>
    db.selectFrom('demo_bookings').selectAll().where(lowerEmail, '=', address).orderBy('created_at').execute(),

  webhookEvents: (needle: string) =>
    db
      .selectFrom('webhook_events')
      .selectAll()
      .where(mentioning(db, 'webhook_events', needle))
      .orderBy('created_at')
      .execute(),

  /** Deletes contacts with their memberships and push subscriptions; how many of each. */
  async removeContacts(ids: string[]) {
    const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
    const memberships = await db
      .deleteFrom('list_memberships')
      .where('contact_id', 'in', orNone(ids))
      .executeTakeFirst();
    const subscriptions = await db
      .deleteFrom('push_subscriptions')
      .where('contact_id', 'in', orNone(ids))
      .executeTakeFirst();
    const contacts = await db.deleteFrom('contacts').where('id', 'in', orNone(ids)).executeTakeFirst();
    return {
      contacts: count(contacts),
      list_memberships: count(memberships),
      push_subscriptions: count(subscriptions),
    };
  },

  /** Deletes rows of a table by id, taking leads and bookings out of the Marketing page's totals; how many. */
  async remove(table: Exclude<PeopleTable, 'contacts'> | 'demo_bookings', ids: string[]): Promise<number> {
    return inTransaction(db, async (trx) => {
      if (table === 'leads') await addToTotals(trx, await countedLeads(trx, ids), -1);
      if (table === 'demo_bookings') await addToTotals(trx, await countedBookings(trx, ids), -1);
      const result = await trx.deleteFrom(table).where('id', 'in', orNone(ids)).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  },

  /** Replaces a row's JSON text. */
  async rewrite(table: PeopleTable, id: string, text: string): Promise<void> {
    await sql`update ${sql.table(table)} set ${sql.ref(jsonColumns[table])} = ${text} where id = ${id}`.execute(db);
  },
});

/**
 * The database's part of finding an address in stored text: `lower(column) like '%…%'`, with
 * the address written as JSON writes it inside a string (the JSON columns are text) and LIKE's
 * own `%` and `_` escaped, so `a_b@x.io` never matches `axb@x.io`. SQLite's lower() folds ASCII
 * letters only, so an address with upper-case letters outside ASCII is found only as stored in
 * lower case. people/address-match.ts decides which of the rows found really name it.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The SQL condition: the table's JSON text names `needle` (given in lower case), found through
 * an index. On PostgreSQL that is the index of the addresses each text names (migration 0017),
 * which finds the rows naming the address whole, as address-match.ts decides; a needle that is
 * not an address of that shape (no form accepts one) falls back to the LIKE. On SQLite the FTS5
 * trigram index (0014) first finds the rows whose text holds the needle in any case (a phrase
 * query: the needle's trigrams, in a row), and the LIKE decides on those alone. Either way
 * address-match.ts has the last word on each row.
 */
export function mentioning(db: Executor, table: PeopleTable, needle: string) {
  const column = jsonColumns[table];
  const like = sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(needle)}%`} escape '\\'`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    if (!indexedAddress.test(needle)) return like;
    return sql<SqlBool>`mentioned_addresses(${sql.ref(column)}) @> array[${needle}]::text[]`;
  }
  const index = sql.table(`${table}_${column}_trigrams`);
  const phrase = `"${needle.replaceAll('"', '""')}"`;
  return sql<SqlBool>`rowid in (select rowid from ${index} where ${index} match ${phrase}) and ${like}`;
}

/** An address as `mentioned_addresses` (migration 0017) writes them: a local part, an `@`, domain labels. */
const indexedAddress = /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*$/u;

/** The row's address lower-cased, as the indexes of migration 0012 are written. */
const lowerEmail = sql<string>`lower(email)`;

/** `in ()` is not SQL; an id no row has stands in for none. */
const orNone = (ids: string[]) => (ids.length > 0 ? ids : ['']);

export const peopleRepository = repository(peopleQueries);
export type PeopleRepository = Repository<ReturnType<typeof peopleQueries>>;
