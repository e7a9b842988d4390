import type { TeamRole, TeamSignIn } from '@growmail/contracts/team';
import { randomUUID } from 'node:crypto';
import type { TeamLinksTable } from '../db/schema.ts';
import { repository, type Executor } from './repository.ts';

export type TeamMember = { id: string; email: string; name: string; zone: string; role: TeamRole; created_at: string };
export type LinkPurpose = TeamLinksTable['purpose'];

/** The team console's members, passkeys, links, sessions and challenges (D41). */
const teamQueries = (db: Executor) => ({
  /** Adds a member, or updates the one with this address; returns the member. */
  async upsertMember(member: Omit<TeamMember, 'id' | 'created_at'>): Promise<TeamMember> {
    const existing = await db
      .selectFrom('team_members')
      .selectAll()
      .where('email', '=', member.email)
      .executeTakeFirst();
    if (existing) {
      await db
        .updateTable('team_members')
        .set({ name: member.name, zone: member.zone, role: member.role })
        .where('id', '=', existing.id)
        .execute();
      return { ...existing, ...member };
    }
    const added = { id: randomUUID(), ...member, created_at: new Date().toISOString() };
    await db.insertInto('team_members').values(added).execute();
    return added;
  },

  member(id: string): Promise<TeamMember | undefined> {
    return db.selectFrom('team_members').selectAll().where('id', '=', id).executeTakeFirst();
  },

  memberByEmail(email: string): Promise<TeamMember | undefined> {
    return db.selectFrom('team_members').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  },

  members(): Promise<TeamMember[]> {
    return db.selectFrom('team_members').selectAll().orderBy('name').orderBy('email').execute();
  },

  /** The passkeys each member holds and how many sessions, by member id: two queries, whatever the team's size. */
  async holdings(): Promise<Map<string, { passkeys: { id: string; name: string }[]; sessions: number }>> {
    const [passkeys, sessions] = await Promise.all([
      db.selectFrom('team_passkeys').select(['id', 'name', 'member_id']).orderBy('created_at').execute(),
      db
        .selectFrom('team_sessions')
        .select((eb) => ['member_id', eb.fn.countAll<number | string>().as('count')])
        .groupBy('member_id')
        .execute(),
    ]);
    const holdings = new Map<string, { passkeys: { id: string; name: string }[]; sessions: number }>();
    const of = (id: string) => holdings.get(id) ?? holdings.set(id, { passkeys: [], sessions: 0 }).get(id)!;
    for (const row of passkeys) of(row.member_id).passkeys.push({ id: row.id, name: row.name });
    for (const row of sessions) of(row.member_id).sessions = Number(row.count);
    return holdings;
  },

  async setRole(id: string, role: TeamRole): Promise<boolean> {
    const result = await db.updateTable('team_members').set({ role }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Takes the admins' rows for the rest of the transaction, so two changes that would each leave
   * one admin cannot both go through: the second waits, then counts what the first left.
   */
  async lockAdmins(): Promise<void> {
    await db
      .updateTable('team_members')
      .set((eb) => ({ role: eb.ref('role') }))
      .where('role', '=', 'admin')
      .execute();
  },

  async countAdmins(): Promise<number> {
    const row = await db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Takes one member's row for the rest of the transaction, so their passkeys change one at a time. */
  async lockMember(id: string): Promise<void> {
    await db
      .updateTable('team_members')
      .set((eb) => ({ role: eb.ref('role') }))
      .where('id', '=', id)
      .execute();
  },

  /** Removes a member with their passkeys, links and sessions. */
  async removeMember(id: string): Promise<boolean> {
    const result = await db.deleteFrom('team_members').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /** Stores a link by its hash, replacing the member's open link of the same purpose. */
  async replaceLink(memberId: string, purpose: LinkPurpose, hash: string, expiresAt: Date): Promise<void> {
    await db.deleteFrom('team_links').where('member_id', '=', memberId).where('purpose', '=', purpose).execute();
    await db
      .insertInto('team_links')
      .values({
        hash,
        member_id: memberId,
        purpose,
        expires_at: expiresAt.toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
  },

  /** Ends a member's open links of one purpose; how many there were. */
  async endLinks(memberId: string, purpose: LinkPurpose): Promise<number> {
    const result = await db
      .deleteFrom('team_links')
      .where('member_id', '=', memberId)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** The member an unexpired link names, without using it up. */
  async linkMember(hash: string, purpose: LinkPurpose, now: Date): Promise<TeamMember | undefined> {
    return db
      .selectFrom('team_links')
      .innerJoin('team_members', 'team_members.id', 'team_links.member_id')
      .selectAll('team_members')
      .where('team_links.hash', '=', hash)
      .where('team_links.purpose', '=', purpose)
      .where('team_links.expires_at', '>', now.toISOString())
      .executeTakeFirst();
  },

  /** Uses a link up: true for the one caller that deleted it while it was still valid. */
  async takeLink(hash: string, purpose: LinkPurpose, now: Date): Promise<boolean> {
    const result = await db
      .deleteFrom('team_links')
      .where('hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  passkeys(memberId: string) {
    return db.selectFrom('team_passkeys').selectAll().where('member_id', '=', memberId).orderBy('created_at').execute();
  },

  passkey(id: string) {
    return db.selectFrom('team_passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async addPasskey(passkey: {
    id: string;
    member_id: string;
    name: string;
    public_key: string;
    counter: number;
    transports: string[];
  }): Promise<void> {
    await db
      .insertInto('team_passkeys')
      .values({ ...passkey, transports: JSON.stringify(passkey.transports), created_at: new Date().toISOString() })
      .execute();
  },

  async passkeyUsed(id: string, counter: number): Promise<void> {
    await db
      .updateTable('team_passkeys')
      .set({ counter, last_used_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  },

  async renamePasskey(memberId: string, id: string, name: string): Promise<boolean> {
    const result = await db
      .updateTable('team_passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** How many passkeys a member has besides this one. */
  async otherPasskeys(memberId: string, id: string): Promise<number> {
    const others = await db
      .selectFrom('team_passkeys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('member_id', '=', memberId)
      .where('id', '!=', id)
      .executeTakeFirstOrThrow();
    return Number(others.count);
  },

  /** Removes one of a member's passkeys: false when they have none with this id. */
  async removePasskey(memberId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('team_passkeys')
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  async addChallenge(
    challenge: string,
    purpose: 'register' | 'authenticate',
    memberId: string | null,
    expiresAt: Date,
  ) {
    await db
      .insertInto('team_challenges')
      .values({ challenge, purpose, member_id: memberId, expires_at: expiresAt.toISOString() })
      .execute();
  },

  /** Uses a challenge up; the member it was made for (null for a sign-in), or undefined when it is not open. */
  async takeChallenge(
    challenge: string,
    purpose: 'register' | 'authenticate',
    now: Date,
  ): Promise<{ memberId: string | null } | undefined> {
    const row = await db
      .selectFrom('team_challenges')
      .select('member_id')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (!row) return undefined;
    const result = await db.deleteFrom('team_challenges').where('challenge', '=', challenge).executeTakeFirst();
    return Number(result.numDeletedRows) === 1 ? { memberId: row.member_id } : undefined;
  },

  async addSession(hash: string, memberId: string, method: TeamSignIn, now: Date, expiresAt: Date): Promise<void> {
    await db
      .insertInto('team_sessions')
      .values({
        hash,
        member_id: memberId,
        method,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute();
  },

  /** A session not past its end nor idle since `idleSince`, with its member. */
  session(hash: string, now: Date, idleSince: Date) {
    return db
      .selectFrom('team_sessions')
      .innerJoin('team_members', 'team_members.id', 'team_sessions.member_id')
      .select([
        'team_sessions.hash',
        'team_sessions.method',
        'team_sessions.last_seen_at',
        'team_sessions.created_at as session_created_at',
        'team_members.id',
        'team_members.email',
        'team_members.name',
        'team_members.zone',
        'team_members.role',
        'team_members.created_at',
      ])
      .where('team_sessions.hash', '=', hash)
      .where('team_sessions.expires_at', '>', now.toISOString())
      .where('team_sessions.last_seen_at', '>', idleSince.toISOString())
      .executeTakeFirst();
  },

  sessions(memberId: string) {
    return db
      .selectFrom('team_sessions')
      .select(['method', 'created_at', 'last_seen_at', 'expires_at'])
      .where('member_id', '=', memberId)
      .orderBy('last_seen_at', 'desc')
      .execute();
  },

  async touchSession(hash: string, now: Date): Promise<void> {
    await db.updateTable('team_sessions').set({ last_seen_at: now.toISOString() }).where('hash', '=', hash).execute();
  },

  async endSession(hash: string): Promise<void> {
    await db.deleteFrom('team_sessions').where('hash', '=', hash).execute();
  },

  /** Ends every session of a member: sign out everywhere, a new role, a removal. */
  async endSessions(memberId: string): Promise<number> {
    const result = await db.deleteFrom('team_sessions').where('member_id', '=', memberId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /**
   * Deletes at most `limit` of each: sessions ended by `now` (past their 7 days, or idle for
   * `idleMs`), and links and challenges past their time; how many rows in all.
   */
  async removeEndedBefore(now: Date, limit: number, idleMs: number): Promise<number> {
    const at = now.toISOString();
    const idleSince = new Date(now.getTime() - idleMs).toISOString();
    const ended = db
      .selectFrom('team_sessions')
      .select('hash')
      .where((eb) => eb.or([eb('expires_at', '<=', at), eb('last_seen_at', '<=', idleSince)]))
      .limit(limit);
    let count = Number(
      (await db.deleteFrom('team_sessions').where('hash', 'in', ended).executeTakeFirst()).numDeletedRows,
    );
    const links = db.selectFrom('team_links').select('hash').where('expires_at', '<=', at).limit(limit);
    count += Number((await db.deleteFrom('team_links').where('hash', 'in', links).executeTakeFirst()).numDeletedRows);
    const challenges = db.selectFrom('team_challenges').select('challenge').where('expires_at', '<=', at).limit(limit);
    count += Number(
      (await db.deleteFrom('team_challenges').where('challenge', 'in', challenges).executeTakeFirst()).numDeletedRows,
    );
    return count;
  },
});

export const teamRepository = repository(teamQueries);
