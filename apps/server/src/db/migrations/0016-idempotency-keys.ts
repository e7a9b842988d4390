import type { Kysely } from 'kysely';

/**
 * Idempotency keys (D39): one stored submission per key, made on the visitor's device, kept 24
 * hours (housekeeping deletes older ones). `fingerprint` is the submission's scope and content,
 * so the same key with other content is refused; `answer` is what the first post was told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
