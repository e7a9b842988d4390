import { once } from 'node:events';
import rateLimit from '@fastify/rate-limit';
import { formStampField, honeypotField } from '@growmail/contracts/form-fields';
import type { FormName } from '@growmail/contracts/form-names';
import { serviceMessages } from '@growmail/contracts/service-messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { countSubmission } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the Redis of the shared counts answers now; null without REDIS_URL. */
    redisAvailable: (() => boolean) | null;
    /** The Redis of the shared counts (D27), for the visit counter's batch too; null without REDIS_URL. */
    sharedRedis: Redis | null;
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
    // Start counting with the first request: without the offline queue, a command sent before
    // the connection is ready fails and that request goes uncounted. A Redis that is away
    // answers with an error (refused, or connectTimeout), so start-up waits a second at most.
    await once(redis, 'ready').catch(() => {});
  }
  app.decorate('redisAvailable', redis ? () => redis.status === 'ready' : null);
  app.decorate('sharedRedis', redis ?? null);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'growmail:rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: () => Object.assign(new Error(serviceMessages.tooManyRequests), { statusCode: 429 }),
  });
}

export default fp(protection, { name: 'protection', dependencies: ['config'] });

/** What a form's request carries besides its fields: the hidden field and the form stamp. */
export type FormSignals = { honeypot: boolean; stamp: unknown };

/** Reads the signals from the body or the query, before validation strips them. */
function readSignals(request: FastifyRequest): FormSignals {
  const signals: FormSignals = { honeypot: false, stamp: undefined };
  for (const source of [request.body, request.query]) {
    if (source && typeof source === 'object') {
      const fields = source as Record<string, unknown>;
      const trap = fields[honeypotField];
      if (trap !== undefined && trap !== null && trap !== '') signals.honeypot = true;
      signals.stamp ??= fields[formStampField];
    }
  }
  return signals;
}

/** The small body limit and the per-address rate limit of every public write. */
export function rateLimited(app: FastifyInstance): Pick<RouteShorthandOptions, 'bodyLimit' | 'config'> {
  return {
    bodyLimit: formBodyLimit,
    config: { rateLimit: { max: app.config.rateLimitPerMinute, timeWindow: 60_000 } },
  };
}

/** Which public form a route is, for the submissions metric: a name, or one read from the request. */
type FormOfRoute = FormName | ((request: FastifyRequest) => FormName);

/** `rateLimited()`, with the route marked as one of the public forms the metrics count. */
function formRoute(app: FastifyInstance, form: FormOfRoute | undefined) {
  const limited = rateLimited(app);
  return { ...limited, config: { ...limited.config, ...(form ? { form } : {}) } };
}

const signalsOf = new WeakMap<FastifyRequest, FormSignals>();

/** The signals `leadWrite` read from a request. */
export const formSignals = (request: FastifyRequest): FormSignals =>
  signalsOf.get(request) ?? { honeypot: false, stamp: undefined };

/**
 * Route options for a lead form: the body and rate limits, and the signals (the honeypot and
 * the form stamp) read before validation drops them, for the handler to screen the
 * submission with (`acceptLead`). Nothing is refused for them: a suspicious lead is
 * quarantined, never lost.
 */
export function leadWrite(
  app: FastifyInstance,
  form: FormOfRoute,
): Pick<RouteShorthandOptions, 'bodyLimit' | 'config' | 'preValidation'> {
  return {
    ...formRoute(app, form),
    preValidation: async (request: FastifyRequest) => {
      signalsOf.set(request, readSignals(request));
    },
  };
}

const trapped = new WeakSet<FastifyRequest>();

/**
 * Route options for a public write that is not a lead (the newsletter, its confirmation,
 * email preferences): a small body limit, the per-IP rate limit, and the honeypot. The trap
 * is checked after validation, so an invalid body gets the same 400 whether or not the trap
 * is filled. A valid one with the trap filled gets `decoy()` as an ordinary success, so the
 * bot learns nothing, and the handler never runs; the submissions metric counts it refused.
 * `decoy` gets the validated body. `form` names one of the public forms the metrics count.
 */
export function publicWrite(
  app: FastifyInstance,
  decoy: (body: unknown) => { status: number; body: unknown },
  form?: FormOfRoute,
): Pick<RouteShorthandOptions, 'bodyLimit' | 'config' | 'preValidation' | 'preHandler'> {
  return {
    ...formRoute(app, form),
    // Validation replaces the body with the schema's fields, so the trap is read before it
    // and acted on after it.
    preValidation: async (request: FastifyRequest) => {
      if (readSignals(request).honeypot) trapped.add(request);
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
