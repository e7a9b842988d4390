import rateLimit from '@fastify/rate-limit';
import { honeypotField, messages } from '@growmail/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import fp from 'fastify-plugin';

/** Form bodies are a few hundred bytes; 16 KB leaves room for a long enquiry and nothing more. */
export const formBodyLimit = 16 * 1024;

/**
 * The per-IP rate limiter every public write opts into through `publicWrite()`. Counts live
 * in memory, per server: enough to blunt a flood from one address.
 */
async function protection(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => Object.assign(new Error(messages.tooManyRequests), { statusCode: 429 }),
  });
}

export default fp(protection, { name: 'protection', dependencies: ['config'] });

/** Whether a request carries the hidden field filled in (in the body or the query). */
export function filledHoneypot(request: FastifyRequest): boolean {
  for (const source of [request.body, request.query]) {
    if (source && typeof source === 'object') {
      const value = (source as Record<string, unknown>)[honeypotField];
      if (value !== undefined && value !== null && value !== '') return true;
    }
  }
  return false;
}

/**
 * Route options for a public write: a small body limit, the per-IP rate limit, and the
 * honeypot. A bot that fills the hidden field gets `decoy()` as an ordinary success, so it
 * learns nothing, and the handler never runs, so nothing is stored.
 */
export function publicWrite(
  app: FastifyInstance,
  decoy: (request: FastifyRequest) => { status: number; body: unknown },
): Pick<RouteShorthandOptions, 'bodyLimit' | 'config' | 'preValidation'> {
  return {
    bodyLimit: formBodyLimit,
    config: { rateLimit: { max: app.config.rateLimitPerMinute, timeWindow: 60_000 } },
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      if (filledHoneypot(request)) {
        request.log.info({ url: request.routeOptions.url }, 'honeypot filled; answered without storing');
        const { status, body } = decoy(request);
        return reply.code(status).send(body);
      }
    },
  };
}
