import { sql, type Kysely } from 'kysely';

/**
 * Demo booking (D32). Sales keeps the availability here and edits it with `npm run demos`:
 * - `demo_hosts`: the people who take demos. A host without an address is the sales inbox
 *   the server is configured with (SALES_INBOX), which is the one host a fresh install has.
 *   A removed host is marked, not deleted: its past bookings still name it.
 * - `demo_hours`: the team's working hours per ISO weekday (1 Monday … 7 Sunday), as local
 *   wall times in one named IANA zone; a fresh install has Monday to Friday 09:00–17:00 in
 *   Africa/Lagos, so the demo page offers slots from the first start.
 * - `demo_blocks`: days off and blocked ranges, for one host or (host_id null) for everyone.
 * - `demo_bookings`: the booked slots. A slot is taken by inserting a row: the partial unique
 *   index on host and start over live bookings lets one insert win and refuses every other,
 *   on every server sharing the database, without reading first. Times are ISO text in UTC
 *   (`toISOString()`), so one instant always has one spelling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_hosts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema
    .createTable('demo_hours')
    .addColumn('weekday', 'integer', (col) => col.notNull())
    .addColumn('starts', 'text', (col) => col.notNull())
    .addColumn('ends', 'text', (col) => col.notNull())
    .addColumn('zone', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('demo_hours_pk', ['weekday', 'starts'])
    .execute();
  await db.schema
    .createTable('demo_blocks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('host_id', 'text', (col) => col.references('demo_hosts.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('demo_bookings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('host_id', 'text', (col) => col.notNull().references('demo_hosts.id'))
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('booked'))
    .addColumn('lead_id', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('zone', 'text', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reminder_queued_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('demo_bookings_live_slot')
    .on('demo_bookings')
    .columns(['host_id', 'starts_at'])
    .unique()
    .where(sql.ref('status'), '=', 'booked')
    .execute();
  await db.schema.createIndex('demo_bookings_starts').on('demo_bookings').column('starts_at').execute();

  const now = new Date().toISOString();
  await db
    .insertInto('demo_hosts' as never)
    .values({ id: 'sales', name: 'Sales team', email: null, created_at: now } as never)
    .execute();
  await db
    .insertInto('demo_hours' as never)
    .values(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '17:00', zone: 'Africa/Lagos' })) as never,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['demo_bookings', 'demo_blocks', 'demo_hours', 'demo_hosts']) {
    await db.schema.dropTable(table).execute();
  }
}
