import { sql, type Kysely } from 'kysely';

/**
 * Web push: a contact's browser subscriptions (one row per push endpoint) and the actions the
 * service worker reports, such as a click on a notification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('contact_id', 'text', (col) => col.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('expiration_time', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('push_subscriptions_contact').on('push_subscriptions').column('contact_id').execute();
  await db.schema
    .createTable('push_actions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('push_actions_action').on('push_actions').column('action').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_actions').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
