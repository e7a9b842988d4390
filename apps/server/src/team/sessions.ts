import { auditActor, memberActor } from '../lib/actor.ts';
import type { TeamSignIn } from '@growmail/contracts/team';
import type { Config } from '../config.ts';
import type { DataAccess, Repositories } from '../repositories/index.ts';
import { hashToken, isToken, newToken } from './tokens.ts';

export const teamPath = '/team';

/**
 * The console's cookies (D41): HttpOnly, SameSite=Strict, Path=/team, and on https Secure with the
 * `__Secure-` prefix, which a browser takes only from a secure page, so a plain-http page on the
 * network cannot plant one. Not `__Host-`: it needs Path=/, which would send the session with every
 * public request (D40).
 */
export const cookieNames = (config: Config) => {
  const prefix = isSecure(config) ? '__Secure-' : '';
  return { session: `${prefix}gm_team`, csrf: `${prefix}gm_team_csrf`, search: `${prefix}gm_team_search` };
};

const isSecure = (config: Config) => config.urls.public.startsWith('https:');

const hourMs = 3_600_000;
/** A session ends after 12 idle hours, and after 7 days whatever (D41). */
export const sessionIdleMs = 12 * hourMs;
export const sessionMaxMs = 7 * 24 * hourMs;
/** A session's last use is written at most this often, so reading pages does not write each time. */
const touchEveryMs = 60_000;
/** A known member's passkey failing to sign in is audited at most once in this time; /metrics counts each. */
const failedSignInAuditMs = 60_000;

export const cookieOptions = (config: Config) => ({
  path: teamPath,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: isSecure(config),
});

/** Opens a session with a new id (never one the browser brought); returns the cookie's value. */
export async function openSession(
  data: { team: Pick<Repositories['team'], 'addSession'> },
  memberId: string,
  method: TeamSignIn,
): Promise<string> {
  const token = newToken();
  const now = new Date();
  await data.team.addSession(hashToken(token), memberId, method, now, new Date(now.getTime() + sessionMaxMs));
  return token;
}

export type Session = NonNullable<Awaited<ReturnType<Repositories['team']['session']>>>;

/** The live session a cookie names, with its member; its last use is noted. */
export async function readSession(data: Pick<Repositories, 'team'>, cookie: unknown): Promise<Session | undefined> {
  if (!isToken(cookie)) return undefined;
  const now = new Date();
  const hash = hashToken(cookie);
  const session = await data.team.session(hash, now, new Date(now.getTime() - sessionIdleMs));
  if (session && now.getTime() - Date.parse(session.last_seen_at) > touchEveryMs)
    await data.team.touchSession(hash, now);
  return session;
}

/**
 * What a CSRF token is bound to (@fastify/csrf-protection's user info), so a token made for one
 * session is refused in another: the session's hash. The signed-out pages that post (sign-in,
 * the mailed link's page, enrolment) have no session yet, so theirs are bound to `signed-out`: a
 * token they carry works on no signed-in route, and they are guarded by the csrf cookie and the
 * Origin check alone, as before a session exists.
 */
export const csrfUserInfo = (session: Session | undefined): string => session?.hash ?? 'signed-out';

/** Opens a session for a member whose passkey answered, audited in the same transaction. */
export async function signInWithPasskey(data: DataAccess, memberId: string): Promise<string | undefined> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    const member = await team.member(memberId);
    if (!member) return undefined;
    const token = await openSession({ team }, member.id, 'passkey');
    await data.audit.in(trx).record({
      ...auditActor(memberActor(member, 'passkey')),
      action: 'signed-in',
      recordType: 'member',
      recordId: member.id,
    });
    return token;
  });
}

/**
 * Uses a mailed sign-in link up and opens its session, audited, in one transaction; undefined
 * when the link is not open, or another request took it first.
 */
export async function signInWithLink(data: DataAccess, linkHash: string): Promise<string | undefined> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    const now = new Date();
    const member = await team.linkMember(linkHash, 'sign-in', now);
    if (!member || !(await team.takeLink(linkHash, 'sign-in', now))) return undefined;
    const token = await openSession({ team }, member.id, 'link');
    await data.audit.in(trx).record({
      ...auditActor(memberActor(member, 'link')),
      action: 'signed-in',
      recordType: 'member',
      recordId: member.id,
    });
    return token;
  });
}

/**
 * Signs a session out, with the member's pending mailed sign-in link, audited against the member.
 */
export async function signOut(data: DataAccess, session: Session): Promise<void> {
  await data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    await team.endSession(session.hash);
    await team.endLinks(session.id, 'sign-in');
    await data.audit.in(trx).record({
      ...auditActor(memberActor(session, session.method)),
      action: 'signed-out',
      recordType: 'member',
      recordId: session.id,
    });
  });
}

/**
 * Audits a sign-in refused with a known member's passkey, at most once a minute per member:
 * anyone holding the page can cause them, and the audit should not fill with them.
 */
export async function auditFailedSignIn(data: DataAccess, memberId: string): Promise<void> {
  const member = await data.team.member(memberId);
  if (!member) return;
  await data.audit.recordUnlessSince(
    {
      memberId: null,
      memberName: 'someone signing in',
      method: 'passkey',
      action: 'sign-in.refused',
      recordType: 'member',
      recordId: member.id,
    },
    new Date(Date.now() - failedSignInAuditMs),
  );
}
