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

/** The small body limit and the per-address rate limit of every public write. */
export function rateLimited(app: FastifyInstance): Pick<RouteShorthandOptions, 'bodyLimit' | 'config'> {
  return {
    bodyLimit: formBodyLimit,
    config: { rateLimit: { max: app.config.rateLimitPerMinute, timeWindow: 60_000 } },
  };
}

const trapped = new WeakSet<FastifyRequest>();

/**
 * Route options for a public write: a small body limit, the per-IP rate limit, and the
 * honeypot. The trap is checked after validation, so an invalid body gets the same 400
 * whether or not the trap is filled. A valid one with the trap filled gets `decoy()` as an
 * ordinary success, so the bot learns nothing, and the handler never runs.
 */
export function publicWrite(
  app: FastifyInstance,
  decoy: (request: FastifyRequest) => { status: number; body: unknown },
): Pick<RouteShorthandOptions, 'bodyLimit' | 'config' | 'preValidation' | 'preHandler'> {
  return {
    ...rateLimited(app),
    // Validation replaces the body with the schema's fields, so the trap is read before it
    // and acted on after it.
    preValidation: async (request: FastifyRequest) => {
      if (filledHoneypot(request)) trapped.add(request);
    },
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (trapped.has(request)) {
        request.log.info({ url: request.routeOptions.url }, 'honeypot filled; answered without storing');
        const { status, body } = decoy(request);
        return reply.code(status).send(body);
      }
    },
  };
}
