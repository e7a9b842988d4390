import { sql, type Kysely } from 'kysely';

/**
 * Lookups by address (issue 32): `people export` and `people erase` find a person's leads,
 * quarantined submissions and demo bookings by `lower(email) = ?`, since those tables keep the
 * address as typed. Without these indexes each lookup read the whole table: 1.6 s at 300,000
 * leads. `demo_bookings_live_email` (0010) covers live bookings only; this one covers all.
 */
const indexes = [
  ['leads_lower_email', 'leads'],
  ['quarantine_lower_email', 'quarantine'],
  ['demo_bookings_lower_email', 'demo_bookings'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table] of indexes) {
    await db.schema
      .createIndex(name)
      .on(table)
      .expression(sql`lower(email)`)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
}
