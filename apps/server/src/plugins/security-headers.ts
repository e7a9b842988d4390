import fp from 'fastify-plugin';
import { baseSecurityHeaders } from '../site/security-headers.ts';

export default fp(
  async function securityHeaders(app) {
    const headers = baseSecurityHeaders(app.config);
    app.addHook('onSend', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
