import rateLimit from '@fastify/rate-limit';
import { honeypotField } from '@growmail/contracts/form-fields';
import { messages } from '@growmail/contracts/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { countSubmission, type FormName } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the Redis of the shared counts answers now; null without REDIS_URL. */
    redisAvailable: (() => boolean) | null;
  }
}

/** Form bodies are a few hundred bytes; 16 KB leaves room for a long enquiry and nothing more. */
export const formBodyLimit = 16 * 1024;

/**
 * The per-address rate limiter every public write opts into through `rateLimited()`. With
 * REDIS_URL the counts live in Redis (the plugin's own store), so every server counts
 * together (D27); without it, in this process's memory.
 *
 * Redis is a helper, not a dependency of a lead: commands fail at once while it is away
 * (no offline queue), the limit is then skipped rather than the submission refused, and the
 * outage is logged once.
 */
async function protection(app: FastifyInstance) {
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        retryStrategy: (attempt) => Math.min(attempt * 500, 5_000),
      })
    : undefined;
  if (redis) {
    let down = false;
    redis.on('error', (error: Error) => {
      if (down) return;
      down = true;
      app.log.warn({ reason: error.message }, 'Redis is unavailable; rate limits are skipped until it returns');
    });
    redis.on('ready', () => {
      if (down) app.log.info('Redis is available again');
      down = false;
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  app.decorate('redisAvailable', redis ? () => redis.status === 'ready' : null);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'growmail:rate-limit:', skipOnError: true } : {}),
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
 * ordinary success, so the bot learns nothing, and the handler never runs; the submissions
 * metric counts it refused. `decoy` gets the validated body. `form` names one of the public
 * forms, whose submissions the metrics count.
 */
export function publicWrite(
  app: FastifyInstance,
  decoy: (body: unknown) => { status: number; body: unknown },
  form?: FormName | ((request: FastifyRequest) => FormName),
): Pick<RouteShorthandOptions, 'bodyLimit' | 'config' | 'preValidation' | 'preHandler'> {
  const limited = rateLimited(app);
  return {
    ...limited,
    config: { ...limited.config, ...(form ? { form } : {}) },
    // Validation replaces the body with the schema's fields, so the trap is read before it
    // and acted on after it.
    preValidation: async (request: FastifyRequest) => {
      if (filledHoneypot(request)) trapped.add(request);
    },
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (trapped.has(request)) {
        request.log.info({ url: request.routeOptions.url }, 'honeypot filled; answered without storing');
        countSubmission(request, 'refused');
        const { status, body } = decoy(request.body);
        return reply.code(status).send(body);
      }
    },
  };
}
