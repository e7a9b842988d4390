import type { Kysely } from 'kysely';

/**
 * The suppression list (D29): the addresses of people whose data was erased on request, so
 * that an old import or a replayed webhook never adds them again. Each is kept only as a
 * salted hash (HMAC-SHA256 of the normalised address, keyed with a salt in `settings`), which
 * can say "this address was erased" but cannot be read back into the address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('suppressions')
    .addColumn('hash', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('suppressions').execute();
}
