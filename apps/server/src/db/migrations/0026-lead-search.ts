import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { searchKeys } from '../../submissions/lead-search.ts';

/** Leads read and written at a time: a batch's keys are made here, not in SQL. */
const batch = 1000;

/**
 * The console's search by name, company, phone number and part of an address (issue 54). Each
 * lead gets `search_names` (its name and company as a masked role sees them, lower-cased and
 * without accents) and `phone` (E.164 or its digits), made from its fields by
 * `submissions/lead-search.ts` and written with it.
 * - A number is one key: a B-tree index of `phone`.
 * - Words are found anywhere in a name or an address by trigrams:
 *   - PostgreSQL: pg_trgm GIN indexes of `search_names` (what a viewer searches) and of
 *     `search_names || ' ' || lower(email)` (everyone else), which serve the LIKE of each word.
 *   - SQLite: `leads_search`, a contentless FTS5 trigram table of the same two texts, kept by
 *     triggers, so a lead's entry goes when the lead does, by erasure or retention alike. Its
 *     rowid is the lead's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('search_names', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('leads').addColumn('phone', 'text').execute();
  await fillKeys(db);
  await db.schema.createIndex('leads_phone_created_at').on('leads').columns(['phone', 'created_at']).execute();
  if (isPostgres(db)) {
    const schema = sql.id(await trigramSchema(db));
    await sql`create index leads_search_names on leads using gin (search_names ${schema}.gin_trgm_ops)`.execute(db);
    await sql`create index leads_search_text on leads
      using gin ((search_names || ' ' || lower(email)) ${schema}.gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table leads_search using fts5(names, contacts, content='', contentless_delete=1, tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into leads_search(rowid, names, contacts) select rowid, search_names, lower(email) from leads`.execute(
    db,
  );
  await sql`create trigger leads_search_insert after insert on leads begin
    insert into leads_search(rowid, names, contacts) values (new.rowid, new.search_names, lower(new.email));
  end`.execute(db);
  await sql`create trigger leads_search_delete after delete on leads begin
    delete from leads_search where rowid = old.rowid;
  end`.execute(db);
  await sql`create trigger leads_search_update after update of search_names, email on leads begin
    delete from leads_search where rowid = old.rowid;
    insert into leads_search(rowid, names, contacts) values (new.rowid, new.search_names, lower(new.email));
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('leads_search_text').execute();
    await db.schema.dropIndex('leads_search_names').execute();
  } else {
    for (const change of ['insert', 'delete', 'update'])
      await sql`drop trigger ${sql.id(`leads_search_${change}`)}`.execute(db);
    await db.schema.dropTable('leads_search').execute();
  }
  await db.schema.dropIndex('leads_phone_created_at').execute();
  await db.schema.alterTable('leads').dropColumn('phone').execute();
  await db.schema.alterTable('leads').dropColumn('search_names').execute();
}

/** Every lead's keys, a batch at a time, each batch in one statement. */
async function fillKeys(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; metadata: string }>`
      select id, metadata from leads where id > ${after} order by id limit ${batch}`.execute(db);
    if (rows.length === 0) return;
    const values = rows.map((row) => {
      const keys = searchKeys(JSON.parse(row.metadata) as Record<string, unknown>);
      return sql`(${row.id}, ${keys.search_names}, ${keys.phone})`;
    });
    await sql`update leads set search_names = keyed.names, phone = keyed.phone
      from (select column1 as id, column2 as names, column3 as phone from (values ${sql.join(values)}) as batch) as keyed
      where leads.id = keyed.id`.execute(db);
    if (rows.length < batch) return;
    after = rows.at(-1)!.id;
  }
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The schema pg_trgm is installed in (0014 added it), adding it where it is missing. */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]!.schema;
}
