import { sql, type Kysely } from 'kysely';

/**
 * The two limits on booking demos (D32, issue 29):
 * - `demo_booking_requests`: each request that asked for a slot, by a keyed hash of the client
 *   address (never the address itself) and when, kept a day: the daily cap per client address
 *   counts them, on every server sharing the database.
 * - `demo_bookings_live_email`: live bookings by lower-cased address, which the one open
 *   booking per address rule reads in the slot-taking transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_booking_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('demo_booking_requests_client')
    .on('demo_booking_requests')
    .columns(['client', 'created_at'])
    .execute();
  await db.schema
    .createIndex('demo_bookings_live_email')
    .on('demo_bookings')
    .expression(sql`lower(email)`)
    .where(sql.ref('status'), '=', 'booked')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('demo_bookings_live_email').execute();
  await db.schema.dropTable('demo_booking_requests').execute();
}
