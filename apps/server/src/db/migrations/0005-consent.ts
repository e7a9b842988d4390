import type { Kysely } from 'kysely';

/**
 * Double opt-in for lists (D23). A membership is `pending` until its confirmation link is
 * opened, then `subscribed`, then perhaps `unsubscribed`. The consent is kept with it: when
 * it was asked for, from which page, the wording the visitor saw, and when it was confirmed.
 * `confirmation_sent_at` holds each address to one confirmation email a day.
 *
 * Memberships from before this migration keep their state and carry no consent record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('list_memberships')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('subscribed'))
    .execute();
  await db
    .updateTable('list_memberships' as never)
    .set({ status: 'unsubscribed' } as never)
    .where('unsubscribed_at' as never, 'is not', null)
    .execute();
  for (const column of [
    'consent_requested_at',
    'consent_page',
    'consent_wording',
    'confirmed_at',
    'confirmation_sent_at',
  ]) {
    await db.schema.alterTable('list_memberships').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'status',
    'consent_requested_at',
    'consent_page',
    'consent_wording',
    'confirmed_at',
    'confirmation_sent_at',
  ]) {
    await db.schema.alterTable('list_memberships').dropColumn(column).execute();
  }
}
