import type { TeamPage } from '@growmail/contracts/team';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendFreshPage } from '../site/fresh-page.ts';
import { csrfUserInfo, type Session } from './sessions.ts';

/**
 * Sends a console page: rendered on demand by the site (D35), never kept by any cache, never
 * framed, scripts allowed by hash (D40).
 */
export async function sendTeamPage(reply: FastifyReply, page: TeamPage, status = 200) {
  const request = reply.request;
  const session = request.teamSession;
  const csrf = reply.generateCsrf({ userInfo: csrfUserInfo(session) });
  const rendered = await reply.server.site.renderTeam({
    page,
    csrf,
    ...(session
      ? {
          viewer: {
            id: session.id,
            name: session.name,
            role: session.role,
            method: session.method,
            zone: session.zone,
          },
        }
      : {}),
  });
  reply.code(status).header('x-frame-options', 'DENY');
  await sendFreshPage(reply, rendered, { framed: false });
  return reply;
}

export const sendProblem = (reply: FastifyReply, status: number, title: string, message: string) =>
  sendTeamPage(reply, { view: 'problem', status, title, message }, status);

/**
 * The session the gate found for a route that needs one. A route the access table leaves public
 * has none, and asking for it there is a mistake in the code, answered 500, not a member's to mend.
 */
export function sessionOf(request: FastifyRequest): Session {
  const session = request.teamSession;
  if (!session) throw new Error(`${request.method} ${request.url} has no console session: is its route public?`);
  return session;
}

/** The signed-in member as the audit names them. */
export function actorOf(request: FastifyRequest) {
  const session = sessionOf(request);
  return { memberId: session.id, name: session.name, method: session.method };
}
