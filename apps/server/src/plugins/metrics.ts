import { createHash, timingSafeEqual } from 'node:crypto';
import type { FormName } from '@growmail/contracts/form-names';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What became of a submission: stored and thanked, refused (invalid, too large, too many, or
 * caught by the honeypot), or kept aside as suspected spam (D29).
 */
export type SubmissionOutcome = 'accepted' | 'refused' | 'quarantined';

export type Metrics = {
  registry: Registry;
  outboxSent: Counter;
  outboxFailures: Counter;
  teamAlerts: Counter<'outcome'>;
  teamMaskedRefusals: Counter<'route'>;
  /** Console sign-ins refused, by method: anyone can cause them, so they are counted, not each audited (D41). */
  teamSignInFailures: Counter<'method'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyContextConfig {
    /** Marks a route as one of the public forms, for the submissions metric. */
    form?: FormName | ((request: FastifyRequest) => FormName);
  }
}

const outcomes = new WeakMap<FastifyRequest, SubmissionOutcome>();

/**
 * Records what became of a form's submission, when its status would say otherwise: the
 * honeypot's decoy and a quarantined lead both answer 2xx. Without it, a form route counts a
 * 2xx as accepted and a 4xx as refused; a 5xx counts as neither, since nothing was decided.
 */
export function countSubmission(request: FastifyRequest, outcome: SubmissionOutcome): void {
  outcomes.set(request, outcome);
}

/** Compares in constant time, whatever the lengths: both sides are hashed first. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Prometheus metrics (prom-client) on `GET /metrics`, served only with
 * `Authorization: Bearer $METRICS_TOKEN` and not at all while it is unset. Each app has its own
 * registry, so tests that build several apps in one process do not mix their counts.
 *
 * Requests are labelled by route pattern (`/services/users/demos`, the site's `/*`), never the
 * raw path, so a scan of random URLs adds no series. Gauges read their state when scraped:
 * the database's and Redis's availability from what their clients last saw, the outbox's
 * depth from one count query.
 */
async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'growmail_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'growmail_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const submissions = new Counter({
    name: 'growmail_submissions_total',
    help: 'Form submissions by form and outcome: accepted, refused or quarantined.',
    labelNames: ['form', 'outcome'] as const,
    registers: [registry],
  });
  const outboxSent = new Counter({
    name: 'growmail_outbox_sent_total',
    help: 'Mails the outbox handed to the SMTP server.',
    registers: [registry],
  });
  const outboxFailures = new Counter({
    name: 'growmail_outbox_failures_total',
    help: 'Attempts to send an outbox mail that failed and will be retried.',
    registers: [registry],
  });
  const teamAlerts = new Counter({
    name: 'growmail_team_alerts_total',
    help: "Members' alerts of leads, by outcome: sent (taken by the push service), failed (retried) or settled (not sent: device, member or lead gone, or a day old).",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const teamMaskedRefusals = new Counter({
    name: 'growmail_team_masked_refusals_total',
    help: "Console requests refused because their answer depends on contact details the member's role sees masked (a search by address), by route pattern.",
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const teamSignInFailures = new Counter({
    name: 'growmail_team_sign_in_failures_total',
    help: 'Console sign-ins refused, by method: passkey, or link (used, expired or unknown).',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'growmail_outbox_depth',
    help: 'Mails in the outbox not yet sent (due or waiting to retry).',
    registers: [registry],
    async collect() {
      // While the database is away the last count stands; its own gauge says why.
      if (!app.db.status.ready) return;
      try {
        this.set(await app.outbox.depth());
      } catch (error) {
        if (!app.db.status.report(error)) throw error;
      }
    },
  });
  new Gauge({
    name: 'growmail_database_available',
    help: 'Whether the database answers and is migrated (1) or not (0); pages are served either way.',
    registers: [registry],
    collect() {
      this.set(app.db.status.ready && !app.db.status.down ? 1 : 0);
    },
  });
  if (app.config.redisUrl) {
    new Gauge({
      name: 'growmail_redis_available',
      help: 'Whether Redis, which holds the shared rate-limit counts, answers (1) or not (0).',
      registers: [registry],
      collect() {
        this.set(app.redisAvailable?.() ? 1 : 0);
      },
    });
  }

  app.decorate('metrics', {
    registry,
    outboxSent,
    outboxFailures,
    teamAlerts,
    teamMaskedRefusals,
    teamSignInFailures,
  });

  // A callback, not a promise: every answer runs it (issue 29).
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const form = request.routeOptions.config.form;
    if (form) {
      const status = reply.statusCode;
      const outcome = outcomes.get(request) ?? (status < 300 ? 'accepted' : status < 500 ? 'refused' : null);
      if (outcome) submissions.inc({ form: typeof form === 'function' ? form(request) : form, outcome });
    }
    done();
  });

  const token = app.config.metricsToken;
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Unset, the endpoint does not exist, as far as anyone asking can tell.
    if (!token) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    const [scheme, given] = (request.headers.authorization ?? '').split(' ', 2);
    if (scheme?.toLowerCase() !== 'bearer' || !given || !sameSecret(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['config'] });
