import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Published versions of the site (issue 55, D45): each publish that passes is a version, whose
 * files are the publisher's build, kept by content: a file's body is stored once under its
 * SHA-256 however many versions hold it (`content_files`), and a version lists its paths and
 * their hashes. `content_current` is one row naming the version every server serves; servers read
 * it every 15 s (and hear of a change at once on PostgreSQL), so none writes a file to its disk;
 * a server serves a version only if it was built on the server's own release (`release`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('content_files')
    .addColumn('sha256', 'text', (col) => col.primaryKey())
    .addColumn('body', binary, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('content_versions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('publish_id', 'text', (col) => col.notNull())
    .addColumn('commit', 'text', (col) => col.notNull())
    .addColumn('release', 'text', (col) => col.notNull())
    .addColumn('files', 'text', (col) => col.notNull())
    .addColumn('previous_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('content_current')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version_id', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_current').execute();
  await db.schema.dropTable('content_versions').execute();
  await db.schema.dropTable('content_files').execute();
}
