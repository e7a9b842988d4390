import type { Kysely } from 'kysely';

/**
 * Members' alerts (issue 54, D44). `team_push_subscriptions` keeps each device a member turned
 * alerts on for, apart from the marketing contacts' `push_subscriptions`: a member is not a
 * contact, and nothing sent to contacts reaches these. A member's rows go with them (removed by
 * the removal's use case, and by the foreign key besides).
 *
 * The outbox gains `channel`: `mail`, as every row so far, or `alert`, a member's alert queued in
 * the lead's transaction and sent by web push with the same retries and leases as mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_push_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('member_id', 'text', (col) => col.notNull().references('team_members.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('team_push_subscriptions_member')
    .on('team_push_subscriptions')
    .column('member_id')
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('channel', 'text', (col) => col.notNull().defaultTo('mail'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('channel').execute();
  await db.schema.dropTable('team_push_subscriptions').execute();
}
