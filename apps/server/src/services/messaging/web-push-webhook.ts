import { randomUUID } from 'node:crypto';
import { ok } from '@growmail/contracts';
import { pushActionSchema } from '@growmail/contracts/push';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../../plugins/protection.ts';

/**
 * `GET {messaging}/webhooks/push/web/{action}` (spec §7): the service worker reports a
 * notification click with its tracking id; the action is stored with the time it arrived.
 */
export default async function webPushWebhook(app: FastifyInstance) {
  // A GET that writes: any page could fire it, so it is limited like every public write.
  const options = { ...rateLimited(app), schema: { params: pushActionSchema } };
  app.get('/webhooks/push/web/:action', options, async (request, reply) => {
    const { action } = request.params as { action: string };
    const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
    await app.db.kysely
      .insertInto('push_actions')
      .values({ id: randomUUID(), action, user_agent: userAgent, created_at: new Date().toISOString() })
      .execute();
    request.log.info({ action }, 'web push action');
    // The worker may run on another origin than the messaging service and ignores the answer.
    return reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store').send(ok({ action }));
  });
}
