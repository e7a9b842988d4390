import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Finding an address mentioned in other rows' text (issue 32). `people export` and `people
 * erase` look for it in each JSON text column with `lower(column) like '%…%'`, which no B-tree
 * can serve: at a million leads every lookup read every row. A trigram index can:
 * - PostgreSQL: a GIN index of `lower(column)` with pg_trgm's operator class, which serves that
 *   same LIKE, so the query is unchanged. pg_trgm ships with PostgreSQL and is a trusted
 *   extension (any user who may create objects in the database can add it); where it is already
 *   installed, in whatever schema, that one is used.
 * - SQLite: an FTS5 table with the trigram tokenizer over each column, as external content (it
 *   keeps the index, not a second copy of the text) and kept in step by triggers. A phrase query
 *   on it returns the rowids whose text contains the address in any case; the LIKE then decides
 *   on those rows alone, so the rows found are exactly the ones the LIKE found before.
 *   The index refers to rows by rowid, which SQLite keeps through a VACUUM in practice but does
 *   not promise for tables without an integer key: after one, `insert into <index>(<index>)
 *   values ('rebuild')` makes it again from the table.
 * `outbox_topic` serves the other half of the outbox lookup, a person's acknowledgement by topic.
 */
const columns = [
  ['contacts', 'attributes'],
  ['leads', 'metadata'],
  ['quarantine', 'fields'],
  ['outbox', 'message'],
  ['webhook_events', 'payload'],
] as const;

/** The index's name for a column: a GIN index on PostgreSQL, an FTS5 table on SQLite. */
const indexName = (table: string, column: string) => `${table}_${column}_trigrams`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('outbox_topic').on('outbox').column('topic').execute();
  if (isPostgres(db)) {
    const schema = await trigramSchema(db);
    for (const [table, column] of columns) {
      await sql`create index ${sql.id(indexName(table, column))} on ${sql.table(table)}
        using gin (lower(${sql.ref(column)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    }
    return;
  }
  for (const [table, column] of columns) {
    const index = sql.id(indexName(table, column));
    const [base, text] = [sql.id(table), sql.id(column)];
    await sql`create virtual table ${index} using fts5(${text}, content=${sql.lit(table)}, content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_${column}_trigrams_insert`)} after insert on ${base} begin
      insert into ${index}(rowid, ${text}) values (new.rowid, new.${text});
    end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_${column}_trigrams_delete`)} after delete on ${base} begin
      insert into ${index}(${index}, rowid, ${text}) values ('delete', old.rowid, old.${text});
    end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_${column}_trigrams_update`)} after update of ${text} on ${base} begin
      insert into ${index}(${index}, rowid, ${text}) values ('delete', old.rowid, old.${text});
      insert into ${index}(rowid, ${text}) values (new.rowid, new.${text});
    end`.execute(db);
    await sql`insert into ${index}(${index}) values ('rebuild')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_topic').execute();
  const postgres = isPostgres(db);
  for (const [table, column] of columns) {
    if (postgres) {
      await db.schema.dropIndex(indexName(table, column)).execute();
      continue;
    }
    for (const change of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.id(`${table}_${column}_trigrams_${change}`)}`.execute(db);
    }
    await db.schema.dropTable(indexName(table, column)).execute();
  }
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The schema pg_trgm is installed in, adding it to the current schema when it is missing. Its
 * operator class is named with that schema, so the index does not depend on the search path.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]!.schema;
}
