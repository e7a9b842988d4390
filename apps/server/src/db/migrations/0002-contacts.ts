import { sql, type Kysely } from 'kysely';

/**
 * Contacts and their list memberships. A contact is identified by email (spec "Screens and routes", web push
 * guide); the newsletter is a list like any other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('firstname', 'text')
    .addColumn('lastname', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema
    .createTable('lists')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema
    .createTable('list_memberships')
    .addColumn('list_id', 'text', (col) => col.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (col) => col.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('subscribed_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('unsubscribed_at', 'text')
    .addPrimaryKeyConstraint('list_memberships_pk', ['list_id', 'contact_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('list_memberships').execute();
  await db.schema.dropTable('lists').execute();
  await db.schema.dropTable('contacts').execute();
}
