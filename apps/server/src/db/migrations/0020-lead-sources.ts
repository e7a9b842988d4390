import type { Kysely } from 'kysely';

/**
 * Where each lead came from (D42): its channel (`site` or `api`), the page its form was on and
 * its visit's entry page and source, as JSON text beside `metadata`, never in it. A held
 * submission keeps it too, and its release brings it to the lead. Null on rows from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('source', 'text').execute();
  await db.schema.alterTable('quarantine').addColumn('source', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quarantine').dropColumn('source').execute();
  await db.schema.alterTable('leads').dropColumn('source').execute();
}
