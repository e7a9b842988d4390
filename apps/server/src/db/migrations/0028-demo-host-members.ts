import { sql, type Kysely } from 'kysely';

/**
 * Demo hosts are the team's members, or the sales inbox (issue 54, D32): `demo_hosts.member_id`
 * names the member a host is, and a member is at most one host. Removing the member keeps the
 * host, unlinked, with the name and address it had, so its bookings still name it.
 *
 * The hosts kept so far are linked to the member with their address (addresses are compared
 * lower-cased, as members' are kept). Where two hosts share one member's address, the live one
 * is linked, else the oldest; the other stays as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('demo_hosts')
    .addColumn('member_id', 'text', (col) => col.references('team_members.id').onDelete('set null'))
    .execute();
  const { rows } = await sql<{ id: string; member_id: string }>`
    select h.id, m.id as member_id from demo_hosts h join team_members m on m.email = lower(h.email)
    order by case when h.removed_at is null then 0 else 1 end, h.created_at, h.id`.execute(db);
  const linked = new Set<string>();
  for (const row of rows) {
    if (linked.has(row.member_id)) continue;
    linked.add(row.member_id);
    await sql`update demo_hosts set member_id = ${row.member_id} where id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex('demo_hosts_member').on('demo_hosts').column('member_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('demo_hosts_member').execute();
  await db.schema.alterTable('demo_hosts').dropColumn('member_id').execute();
}
