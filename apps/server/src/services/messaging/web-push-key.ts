import { failure, ok } from '@growmail/contracts/api';
import type { FastifyInstance } from 'fastify';

/**
 * `GET {messaging}/push/web/key`: the VAPID public key browsers subscribe with. It is public
 * by design; serving it here keeps it a server setting rather than a value baked into a build.
 */
export default async function webPushKey(app: FastifyInstance) {
  app.get('/push/web/key', async (_request, reply) => {
    const { vapid } = app.config;
    reply.header('access-control-allow-origin', '*');
    if (!vapid) return reply.code(404).send(failure('Web push is not configured on this server.'));
    return reply.send(ok({ publicKey: vapid.publicKey }));
  });
}
