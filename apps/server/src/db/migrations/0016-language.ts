import type { Kysely } from 'kysely';

/**
 * The language a lead, a newsletter membership and a demo booking were sent in (D37, issue 30):
 * the page's, `en` or `fr`. Every mail to the person is written in it, the sales mail names it,
 * and the webhook and the export carry it. Rows from before are English, as the site was.
 * A held submission keeps it too, so a released one mails in its language.
 */
const tables = ['leads', 'list_memberships', 'demo_bookings', 'quarantine'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await db.schema
      .alterTable(table)
      .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.alterTable(table).dropColumn('language').execute();
}
