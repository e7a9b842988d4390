import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Images an editor uploads from the console (issue 55, D45): the bytes of each JPEG, PNG or WebP
 * that passed its checks, kept by their SHA-256 (a draft names an image `sha256:<hash>`), with
 * the type and size its bytes showed and a small WebP the console shows members. Servers write
 * no file (D27): the publisher reads an image from here into its build. A table of its own rather
 * than `content_files`, whose bodies are a version's built files: an upload belongs to drafts
 * until a publish, and outlives any one version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('content_images')
    .addColumn('sha256', 'text', (col) => col.primaryKey())
    .addColumn('media_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('body', binary, (col) => col.notNull())
    .addColumn('preview', binary, (col) => col.notNull())
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_images').execute();
}
