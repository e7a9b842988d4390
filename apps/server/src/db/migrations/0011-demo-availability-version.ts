import type { Kysely } from 'kysely';

/**
 * The version of the demo availability (issue 29): one row whose `version` every change to
 * the availability counts up in the change's own transaction (a booking, a move, a cancel, the
 * weekly hours, a block, a host), whichever server or `npm run demos` makes it. A server keeps
 * /demo rendered for as long as the version stays the same, and reads it about once a second.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_availability_version')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  await db
    .insertInto('demo_availability_version' as never)
    .values({ id: 1, version: 0 } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_availability_version').execute();
}
