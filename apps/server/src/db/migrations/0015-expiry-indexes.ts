import { sql, type Kysely } from 'kysely';

/**
 * Housekeeping deletes in batches (issue 32): each batch picks the oldest expired rows through
 * an index and deletes them by key, so a batch costs its own rows, not a read of the table.
 * These are the three expiries no index served yet: leads by age (which also serves `leads
 * list`, newest first, without a kind), unsubscribed memberships by when they left, and demo
 * slot requests by age. The quarantine, sent mail, delivered events and submission
 * fingerprints have theirs (0003, 0006, 0007). And memberships by contact: `people export` and
 * `erase` read and delete a contact's memberships, and deleting a contact cascades to them,
 * which read every membership without it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('leads_created_at').on('leads').column('created_at').execute();
  await db.schema
    .createIndex('list_memberships_unsubscribed')
    .on('list_memberships')
    .column('unsubscribed_at')
    .where(sql.ref('status'), '=', 'unsubscribed')
    .execute();
  await db.schema.createIndex('list_memberships_contact').on('list_memberships').column('contact_id').execute();
  await db.schema
    .createIndex('demo_booking_requests_created')
    .on('demo_booking_requests')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'leads_created_at',
    'list_memberships_unsubscribed',
    'list_memberships_contact',
    'demo_booking_requests_created',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
