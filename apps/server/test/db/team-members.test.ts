import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuditRefused as refusingAudit } from '@growmail/test-support/audit';
import { testDatabases } from '@growmail/test-support/databases';
import { commandActor } from '../../src/lib/actor.ts';
import type { Db } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import {
  changeRole,
  enrolWithLink,
  removeMember,
  removeMemberPasskey,
  removeOwnPasskey,
  signOutMember,
} from '../../src/team/members.ts';
import { openSession } from '../../src/team/sessions.ts';
import { hashToken } from '../../src/team/tokens.ts';

describe.each(await testDatabases())('the team’s members on $name', ({ name, open }) => {
  let db: Db;
  let data: DataAccess;
  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
  });
  afterAll(() => db?.close());

  const member = (name: string, role: 'admin' | 'sales') =>
    data.team.upsertMember({
      email: `${name}-${Math.random().toString(36).slice(2)}@growmail.test`,
      name,
      zone: 'UTC',
      role,
    });
  const passkey = (memberId: string, id: string) =>
    data.team.addPasskey({ id, member_id: memberId, name: id, public_key: 'AA', counter: 0, transports: [] });
  const actor = commandActor('team');

  it('keeps one admin when the last two demote and remove each other at the same moment', async () => {
    await db.kysely.deleteFrom('team_members').execute();
    const [ada, bola] = [await member('Ada', 'admin'), await member('Bola', 'admin')];
    const outcomes = await Promise.all([changeRole(data, ada.id, 'sales', actor), removeMember(data, bola.id, actor)]);
    expect(outcomes.sort()).toEqual(['done', 'last-admin']);
    expect(await data.team.countAdmins()).toBe(1);
    const [last] = (await data.team.members()).filter((row) => row.role === 'admin');
    expect(await changeRole(data, last!.id, 'sales', actor)).toBe('last-admin');
    expect(await removeMember(data, last!.id, actor)).toBe('last-admin');
    expect(await data.team.countAdmins()).toBe(1);
  });

  // The race made certain: both changes start while another transaction holds the admins' rows,
  // so without their own lock each would count two admins before either writes. SQLite runs one
  // writing transaction at a time, so the race exists only on PostgreSQL.
  it.runIf(name === 'postgres')('counts the admins only after the other change has written', async () => {
    await db.kysely.deleteFrom('team_members').execute();
    const [ada, bola] = [await member('Ada', 'admin'), await member('Bola', 'admin')];
    const waiting = async () => {
      const { rows } = await sql<{ count: string }>`
        select count(*) as count from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`.execute(db.kysely);
      return Number(rows[0]!.count);
    };
    // Returned in an object: returning the promise itself would hold the commit until the changes
    // end, and they wait for the commit.
    const { changes } = await db.kysely.transaction().execute(async (trx) => {
      await data.team.in(trx).lockAdmins();
      const changes = Promise.all([changeRole(data, ada.id, 'sales', actor), removeMember(data, bola.id, actor)]);
      while ((await waiting()) < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      return { changes };
    });
    expect((await changes).sort()).toEqual(['done', 'last-admin']);
    expect(await data.team.countAdmins()).toBe(1);
  });

  it('leaves a member one passkey when two of theirs are removed at the same moment', async () => {
    const chidi = await member('Chidi', 'sales');
    const one = `one-${chidi.id}`;
    const two = `two-${chidi.id}`;
    await passkey(chidi.id, one);
    await passkey(chidi.id, two);
    const self = { memberId: chidi.id, name: chidi.name, method: 'passkey' as const };
    const outcomes = await Promise.all([removeOwnPasskey(data, one, self), removeOwnPasskey(data, two, self)]);
    expect(outcomes.sort()).toEqual(['done', 'last']);
    expect(await data.team.passkeys(chidi.id)).toHaveLength(1);
    expect((await data.audit.forRecord('member', chidi.id)).map((row) => row.action)).toEqual(['passkey.removed']);
  });

  const withAuditRefused = (change: () => Promise<unknown>) => refusingAudit(db, change);

  it('changes nothing when a sign-out, a passkey removal or an enrolment cannot write its audit row', async () => {
    const dayo = await member('Dayo', 'sales');
    await passkey(dayo.id, `kept-${dayo.id}`);
    await openSession(data, dayo.id, 'passkey');
    const linkHash = hashToken(`link-${dayo.id}`);
    await data.team.replaceLink(dayo.id, 'sign-in', linkHash, new Date(Date.now() + 60_000));
    const enrolHash = hashToken(`enrol-${dayo.id}`);
    await data.team.replaceLink(dayo.id, 'enrol', enrolHash, new Date(Date.now() + 60_000));
    const admin = commandActor('team');
    const sessions = await data.team.sessions(dayo.id);

    await withAuditRefused(() => signOutMember(data, dayo.id, admin, 'member.signed-out'));
    await withAuditRefused(() => removeMemberPasskey(data, dayo.id, `kept-${dayo.id}`, admin));
    const fresh = {
      id: `new-${dayo.id}`,
      member_id: dayo.id,
      name: 'New',
      public_key: 'AA',
      counter: 0,
      transports: [],
    };
    await withAuditRefused(() => enrolWithLink(data, enrolHash, fresh, dayo));

    expect(sessions).toHaveLength(1);
    expect(await data.team.sessions(dayo.id)).toEqual(sessions);
    expect((await data.team.passkeys(dayo.id)).map((row) => row.id)).toEqual([`kept-${dayo.id}`]);
    expect(await data.team.linkMember(linkHash, 'sign-in', new Date())).toMatchObject({ id: dayo.id });
    expect(await data.team.linkMember(enrolHash, 'enrol', new Date())).toMatchObject({ id: dayo.id });
    expect(await data.audit.forRecord('member', dayo.id)).toEqual([]);
  });
});
