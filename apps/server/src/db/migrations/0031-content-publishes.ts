import type { Kysely } from 'kysely';

/**
 * Publishes of the site's content (issue 55, D45): one row per press of Publish (or of Preview,
 * whose build is kept as a version that is never made current), holding the drafts
 * it took as they were then (so an edit made while it builds waits for the next), the words the
 * editor added to the spelling list, who asked and when, and what the publisher made of it: queued,
 * building, refused with its problems, or passed with the content branch's commit and the version
 * it made (0032). The member is
 * named, not referenced, so a removed member's publish stays in the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_publishes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('drafts', 'text', (col) => col.notNull())
    .addColumn('words', 'text', (col) => col.notNull())
    .addColumn('requested_by_id', 'text')
    .addColumn('requested_by_name', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('problems', 'text')
    .addColumn('commit', 'text')
    .addColumn('version_id', 'text')
    .execute();
  await db.schema
    .createIndex('content_publishes_state')
    .on('content_publishes')
    .columns(['state', 'requested_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_publishes').execute();
}
