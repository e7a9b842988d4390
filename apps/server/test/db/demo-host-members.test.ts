import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratorOf, type Db } from '../../src/db/index.ts';
import { addHost, removeHost, saveHost } from '../../src/demos/availability-changes.ts';
import type { Actor } from '../../src/lib/actor.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { removeMember } from '../../src/team/members.ts';
import { withAuditRefused } from '@growmail/test-support/audit';
import { testDatabases } from '@growmail/test-support/databases';

const ada: Actor = { memberId: null, name: 'Ada Obi', method: 'passkey' };
const now = new Date('2026-11-23T08:00:00Z');

describe.each(await testDatabases())('demo hosts who are the team’s members, on $name', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
  });
  afterAll(() => db?.close());

  const member = (name: string, email: string, role: 'sales' | 'admin' = 'sales') =>
    data.team.upsertMember({ name, email, zone: 'Africa/Lagos', role });
  const hostRows = () =>
    db.kysely
      .selectFrom('demo_hosts')
      .select(['id', 'name', 'email', 'member_id', 'removed_at'])
      .orderBy('id')
      .execute();

  beforeEach(async () => {
    await db.kysely.deleteFrom('team_audit').execute();
    await db.kysely.deleteFrom('demo_hosts').where('id', '<>', 'sales').execute();
    await db.kysely.updateTable('demo_hosts').set({ removed_at: null }).execute();
    await db.kysely.deleteFrom('team_members').execute();
  });

  it('links the hosts kept so far to the members with their address (migration 0028), and undoes it', async () => {
    const migrator = await migratorOf(db.kysely);
    // Back to just before 0028, however many migrations come after it.
    expect((await migrator.migrateTo('0027-member-push')).error).toBeUndefined();
    const chioma = await member('Chioma Eze', 'chioma@growmail.test');
    const wanjiru = await member('Wanjiru Kamau', 'wanjiru@growmail.test');
    const insert = (id: string, email: string | null, created: string, removed: string | null = null) =>
      sql`insert into demo_hosts (id, name, email, created_at, removed_at)
        values (${id}, ${id}, ${email}, ${created}, ${removed})`.execute(db.kysely);
    // An address typed with capitals, a host removed then added again under another id, and a stranger.
    await insert('chioma', 'Chioma@Growmail.test', '2026-01-01T00:00:00Z');
    await insert('wanjiru-old', 'wanjiru@growmail.test', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z');
    await insert('wanjiru', 'wanjiru@growmail.test', '2026-03-01T00:00:00Z');
    await insert('kofi', 'kofi@elsewhere.test', '2026-01-01T00:00:00Z');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await hostRows()).map((row) => [row.id, row.member_id])).toEqual([
      ['chioma', chioma.id],
      ['kofi', null],
      ['sales', null],
      ['wanjiru', wanjiru.id],
      ['wanjiru-old', null],
    ]);
    // A member is one host at most.
    await expect(
      db.kysely.updateTable('demo_hosts').set({ member_id: chioma.id }).where('id', '=', 'kofi').execute(),
    ).rejects.toThrow();
  });

  it('makes a member a host with their name and address, from an id of their name, audited', async () => {
    const chioma = await member('Chioma Ézé', 'chioma@growmail.test');
    const version = await data.demos.availabilityVersion();
    expect(await addHost(data, { member: chioma.id }, ada)).toEqual({ id: 'chioma-eze', name: 'Chioma Ézé' });
    expect(await data.demos.hosts()).toContainEqual({
      id: 'chioma-eze',
      name: 'Chioma Ézé',
      email: 'chioma@growmail.test',
      member_id: chioma.id,
    });
    expect(await data.demos.availabilityVersion()).toBe(version + 1);
    const [row] = await data.audit.list(1);
    expect(row).toMatchObject({ action: 'demo.host-saved', record_id: 'chioma-eze', member_name: 'Ada Obi' });
    expect(await addHost(data, { member: chioma.id }, ada)).toEqual({
      problems: { member: 'Chioma Ézé is already a host.' },
    });
  });

  it('brings back the host a member was, so their past bookings stay theirs', async () => {
    const chioma = await member('Chioma', 'chioma@growmail.test');
    await addHost(data, { member: chioma.id }, ada);
    expect(await removeHost(data, 'chioma', now, ada)).toBe('removed');
    // Another member's name would take the same id: they get one of their own.
    const namesake = await member('Chioma', 'chioma.n@growmail.test');
    expect(await addHost(data, { member: namesake.id }, ada)).toEqual({ id: 'chioma-2', name: 'Chioma' });
    expect(await addHost(data, { member: chioma.id }, ada)).toEqual({ id: 'chioma', name: 'Chioma' });
    expect((await data.demos.hosts()).map((host) => host.id)).toEqual(['sales', 'chioma', 'chioma-2']);
  });

  it('takes over a host with the member’s address that no member was linked to', async () => {
    await saveHost(data, { id: 'wk', name: 'W. Kamau', email: 'wanjiru@growmail.test' }, ada);
    const wanjiru = await member('Wanjiru Kamau', 'wanjiru@growmail.test');
    expect(await addHost(data, { member: wanjiru.id }, ada)).toEqual({ id: 'wk', name: 'Wanjiru Kamau' });
    expect((await hostRows()).find((row) => row.id === 'wk')).toMatchObject({ member_id: wanjiru.id });
  });

  it('links a host the command line adds to the member with its address, unless another host is them', async () => {
    const kofi = await member('Kofi', 'kofi@growmail.test');
    await saveHost(data, { id: 'kofi', name: 'Kofi', email: 'KOFI@growmail.test' }, ada);
    await saveHost(data, { id: 'kofi-2', name: 'Kofi again', email: 'kofi@growmail.test' }, ada);
    const rows = await hostRows();
    expect(rows.find((row) => row.id === 'kofi')?.member_id).toBe(kofi.id);
    expect(rows.find((row) => row.id === 'kofi-2')?.member_id).toBeNull();
  });

  it('adds the sales inbox back under its own id, and refuses it twice', async () => {
    expect(await addHost(data, { member: 'inbox' }, ada)).toEqual({
      problems: { member: 'The sales inbox is already a host.' },
    });
    expect(await removeHost(data, 'sales', now, ada)).toBe('removed');
    expect(await addHost(data, { member: 'inbox' }, ada)).toEqual({ id: 'sales', name: 'Sales team' });
    expect(await data.demos.hosts()).toEqual([{ id: 'sales', name: 'Sales team', email: null, member_id: null }]);
  });

  it('refuses a member who is not on the team, and changes nothing', async () => {
    const before = await hostRows();
    expect(await addHost(data, { member: '00000000-0000-4000-8000-000000000000' }, ada)).toEqual({
      problems: { member: 'Choose one of the team’s members, or the sales inbox.' },
    });
    expect(await hostRows()).toEqual(before);
    expect(await data.audit.list(5)).toEqual([]);
  });

  it('keeps the host, unlinked, when their member leaves the team', async () => {
    const chioma = await member('Chioma', 'chioma@growmail.test');
    await addHost(data, { member: chioma.id }, ada);
    expect(await removeMember(data, chioma.id, ada)).toBe('done');
    expect((await hostRows()).find((row) => row.id === 'chioma')).toMatchObject({
      email: 'chioma@growmail.test',
      member_id: null,
      removed_at: null,
    });
  });

  it('keeps no host whose audit row cannot be written', async () => {
    const chioma = await member('Chioma', 'chioma@growmail.test');
    const before = await hostRows();
    await withAuditRefused(db, () => addHost(data, { member: chioma.id }, ada));
    expect(await hostRows()).toEqual(before);
  });
});
