import { sql, type Kysely } from 'kysely';

/**
 * The inbox finds leads by source in any case (issue 54): the Marketing page links a row to
 * `?source=Facebook`, and a member types `facebook`. The index of `source_name` (0021) becomes
 * one of `lower(source_name)`, with `created_at` for the inbox's order, on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index leads_source_lower on leads (lower(source_name), created_at)`.execute(db);
  await db.schema.dropIndex('leads_source_name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('leads_source_name').on('leads').columns(['source_name', 'created_at']).execute();
  await db.schema.dropIndex('leads_source_lower').execute();
}
