import type { Kysely } from 'kysely';

/**
 * The spam quarantine: a lead form's submission that looks automated (a filled honeypot, a
 * form sent faster than a person could fill it, a throwaway address, a message of links) is
 * kept here with its reasons instead of becoming a lead. Nobody is notified; `npm run leads --
 * quarantine release <id>` turns one into a lead. Rows older than 30 days are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quarantine')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('form', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('fields', 'text', (col) => col.notNull())
    .addColumn('reasons', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('quarantine_created').on('quarantine').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quarantine').execute();
}
