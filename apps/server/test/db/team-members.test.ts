import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.each(await testDatabases())('the team’s members on $name', ({ open }) => {
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

  /** Runs `change` while every audit insert fails, as a database refusing the row would. */
  async function withAuditRefused(change: () => Promise<unknown>) {
    if (db.dialect === 'postgres') {
      await sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(
        db.kysely,
      );
      await sql`create trigger refuse_audit before insert on team_audit for each row execute function refuse_audit()`.execute(
        db.kysely,
      );
    } else {
      await sql`create trigger refuse_audit before insert on team_audit begin select raise(abort, 'audit refused'); end`.execute(
        db.kysely,
      );
    }
    try {
      await expect(change()).rejects.toThrow(/audit refused/);
    } finally {
      await sql`drop trigger refuse_audit${sql.raw(db.dialect === 'postgres' ? ' on team_audit' : '')}`.execute(
        db.kysely,
      );
      if (db.dialect === 'postgres') await sql`drop function refuse_audit`.execute(db.kysely);
    }
  }

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
