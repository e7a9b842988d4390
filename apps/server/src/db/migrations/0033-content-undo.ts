import { sql, type Kysely } from 'kysely';

/**
 * An entry's history and "Undo the last publish" (issue 55, D45).
 *
 * `undoes`: an undo is a row of `content_publishes` of its own (purpose `undo`), made current at
 * once and queued for the publisher, which reverts the undone publish's commit on the content
 * branch before it builds the next publish; `undoes` names the publish it undid. Null on every
 * other row.
 *
 * `entries`: the entries a row holds drafts of, as `,home,faqs,`, so an entry's history is found
 * by a match on this short text rather than on the drafts' (a privacy notice's drafts run to 60 KB,
 * and matching them took most of a second for a few hundred publishes on SQLite). Filled here for
 * the rows already written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_publishes').addColumn('undoes', 'text').execute();
  await db.schema.alterTable('content_publishes').addColumn('entries', 'text').execute();
  const rows = await sql<{ id: string; drafts: string }>`select id, drafts from content_publishes`.execute(db);
  for (const row of rows.rows) {
    const entries = `,${Object.keys(JSON.parse(row.drafts) as object).join(',')},`;
    await sql`update content_publishes set entries = ${entries} where id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_publishes').dropColumn('entries').execute();
  await db.schema.alterTable('content_publishes').dropColumn('undoes').execute();
}
