import type { Kysely } from 'kysely';

/**
 * Drafts of the site's content (issue 55, D45): one row per entry (`home`, `products.campaign`),
 * holding each language's edited value as JSON, the published version it started from, who saved
 * it last (who is editing) and when it began. `revision` counts its saves: a save names the
 * revision it started from, and one that finds another has saved since is shown both versions,
 * never written over. The author is named, not referenced, so a removed member's draft stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_drafts')
    .addColumn('entry', 'text', (col) => col.primaryKey())
    .addColumn('values', 'text', (col) => col.notNull())
    .addColumn('base', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('saved_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_drafts').execute();
}
