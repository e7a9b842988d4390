import type { TeamSignIn } from '@growmail/contracts/team';
import type { Config } from '../config.ts';
import type { Repositories } from '../repositories/index.ts';
import { hashToken, isToken, newToken } from './tokens.ts';

/** The console's cookie: HttpOnly, SameSite=Strict, Secure on https, Path=/team (D41). */
export const sessionCookie = 'gm_team';
export const teamPath = '/team';

const hourMs = 3_600_000;
/** A session ends after 12 idle hours, and after 7 days whatever (D41). */
export const sessionIdleMs = 12 * hourMs;
export const sessionMaxMs = 7 * 24 * hourMs;
/** A session's last use is written at most this often, so reading pages does not write each time. */
const touchEveryMs = 60_000;

export const cookieOptions = (config: Config) => ({
  path: teamPath,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.urls.public.startsWith('https:'),
});

/** Opens a session with a new id (never one the browser brought); returns the cookie's value. */
export async function openSession(
  data: Pick<Repositories, 'team'>,
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

export const endSession = (data: Pick<Repositories, 'team'>, cookie: unknown) =>
  isToken(cookie) ? data.team.endSession(hashToken(cookie)) : Promise.resolve();
