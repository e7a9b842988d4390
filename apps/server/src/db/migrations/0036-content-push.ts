import type { Kysely } from 'kysely';

/**
 * Why the publisher could not push its content branch to the Git remote (issue 55, D45), on the
 * publish whose push failed; null once a later push carries its commit too. A failed push never
 * fails a publish: the version is live, and the Site section says the history is not in Git yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_publishes').addColumn('push_problem', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_publishes').dropColumn('push_problem').execute();
}
