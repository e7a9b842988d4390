import type { TeamRole, TeamSignIn } from '@growmail/contracts/team';
import type { FastifyInstance } from 'fastify';
import { dataAccess } from '../../src/repositories/index.ts';
import { openSession } from '../../src/team/sessions.ts';

/** A signed-in browser's cookies and CSRF token for a new member of this role, signed in this way. */
export async function signedIn(app: FastifyInstance, role: TeamRole, method: TeamSignIn = 'passkey') {
  const data = dataAccess(app.db);
  const member = await data.team.upsertMember({
    email: `${role}-${method}-${Math.random().toString(36).slice(2)}@growmail.test`,
    name: `A ${role}`,
    zone: 'Africa/Lagos',
    role,
  });
  const session = await openSession(data, member.id, method);
  // A page gives the form its CSRF token, and the csrf cookie with it.
  const page = await app.inject({ url: '/team/account', cookies: { gm_team: session } });
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.body)![1]!;
  const csrfCookie = page.cookies.find((cookie) => cookie.name === 'gm_team_csrf')!.value;
  return { member, cookies: { gm_team: session, gm_team_csrf: csrfCookie }, csrf };
}
