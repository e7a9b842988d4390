import { ok } from '@growmail/contracts/api';
import { pushActionSchema } from '@growmail/contracts/push';
import { rateLimited } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';

/**
 * `GET {messaging}/webhooks/push/web/{action}` (spec "Calls made"): the service worker reports a
 * notification click with its tracking id; the action is stored with the time it arrived.
 */
const webPushWebhook: ZodRoutes = async (app) => {
  // A GET that writes: any page could fire it, so it is limited like every public write.
  const options = { ...rateLimited(app), schema: { params: pushActionSchema } };
  app.get('/webhooks/push/web/:action', options, async (request, reply) => {
    const { action } = request.params;
    await app.push.recordAction(action, request.headers['user-agent']?.slice(0, 500) ?? null);
    request.log.info({ action }, 'web push action');
    // The worker may run on another origin than the messaging service and ignores the answer.
    return reply.header('access-control-allow-origin', '*').send(ok({ action }));
  });
};
export default webPushWebhook;
