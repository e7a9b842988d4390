import type { Kysely } from 'kysely';

/**
 * Webhook events: each accepted submission's event, written in the submission's transaction
 * (the outbox pattern of the lead mails) and delivered, signed, to WEBHOOK_URL with retries.
 * An event that keeps failing is marked `failed_at` and kept: `npm run webhooks -- replay`
 * sends it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_events_due')
    .on('webhook_events')
    .columns(['delivered_at', 'failed_at', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_events').execute();
}
