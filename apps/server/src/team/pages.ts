import type { TeamPage } from '@growmail/contracts/team';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendFreshPage } from '../site/fresh-page.ts';
import { csrfUserInfo } from './sessions.ts';

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

/** The signed-in member as the audit names them. */
export function actorOf(request: FastifyRequest) {
  const session = request.teamSession!;
  return { memberId: session.id, name: session.name, method: session.method };
}
