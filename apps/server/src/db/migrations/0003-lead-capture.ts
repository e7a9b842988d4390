import type { Kysely } from 'kysely';

/**
 * Lead capture (D18). Demo requests and enquiries join savings and startup leads in `leads`
 * (one table, so the team reads every kind with one command). Added here:
 * - `outbox`: mails to sales, written in the lead's own transaction and sent with retries;
 * - `submissions`: recent submission fingerprints, so a repeat within a minute collapses;
 * - `settings`: server-kept values such as the generated tracking-id secret (D17).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('outbox_pending').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
  await db.schema
    .createTable('submissions')
    .addColumn('fingerprint', 'text', (col) => col.primaryKey())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('submissions_created_at').on('submissions').column('created_at').execute();
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('submissions').execute();
  await db.schema.dropTable('outbox').execute();
}
