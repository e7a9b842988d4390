import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Finding a mentioned address on PostgreSQL by the address itself (issue 32). The trigram index
 * of 0014 serves `lower(column) like '%…%'`, but an address's common trigrams (those of
 * `@gmail.com`, or of any shape most rows share) are in nearly every row, and GIN reads their
 * whole lists: at a million leads a lookup read 5,000 buffers and grew with the table. Here each
 * text column gets a GIN index of the addresses its text names, `mentioned_addresses(column)`,
 * and a lookup is `@> array[address]`: one key, the rows that name it, as many reads at any size.
 *
 * `mentioned_addresses` finds addresses as `people/address-match.ts` does: for every `@`, the
 * run of characters an address's local part may hold just before it, and the run of domain
 * labels just after (not a final dot), lower-cased. A JSON escape (`\n`, `\"`, `\u0001`) stands
 * for a character no address holds, so it becomes a space first. Letters and digits are the
 * database's `[[:alnum:]]`, which follows its ctype: with a UTF-8 one (`C.UTF-8`, `en_US.UTF-8`)
 * that is every script's, as `\p{L}\p{N}` is in the code.
 *
 * The trigram indexes go: nothing uses them now, and every write paid for them. An address no
 * form accepts (one with a quote in it) is still looked for with the LIKE, by reading the table.
 * SQLite keeps its FTS5 trigram tables: its phrase query stays a few milliseconds at a million
 * rows, and SQLite has no regular expressions to write this function with.
 */
const columns = [
  ['contacts', 'attributes'],
  ['leads', 'metadata'],
  ['quarantine', 'fields'],
  ['outbox', 'message'],
  ['webhook_events', 'payload'],
] as const;

// Written into the function's SQL as literals, so the quote is doubled.
const localPart = "[[:alnum:].!#$%&''*+/=?^_`{|}~-]";
const domainLabel = '[[:alnum:]-]+';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create function mentioned_addresses(text) returns text[] language sql immutable parallel safe as ${sql.lit(`
    select coalesce(array_agg(distinct address), '{}') from (
      select substring(piece from '${localPart}+$') || '@'
        || substring(lead(piece) over (order by n) from '^${domainLabel}(?:\\.${domainLabel})*') as address
      from unnest(string_to_array(regexp_replace(lower($1), '\\\\(?:u[0-9a-f]{4}|.)', ' ', 'g'), '@'))
        with ordinality as parts(piece, n)
    ) as candidates where address is not null`)}`.execute(db);
  for (const [table, column] of columns) {
    await sql`create index ${sql.id(`${table}_${column}_addresses`)} on ${sql.table(table)}
      using gin (mentioned_addresses(${sql.ref(column)}))`.execute(db);
    await db.schema.dropIndex(`${table}_${column}_trigrams`).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  for (const [table, column] of columns) {
    await sql`create index ${sql.id(`${table}_${column}_trigrams`)} on ${sql.table(table)}
      using gin (lower(${sql.ref(column)}) ${sql.id(rows[0]!.schema)}.gin_trgm_ops)`.execute(db);
    await db.schema.dropIndex(`${table}_${column}_addresses`).execute();
  }
  await sql`drop function mentioned_addresses(text)`.execute(db);
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
