import { failure } from '@growmail/contracts/api';
import { sandboxBasePath } from '@growmail/contracts/sandbox';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import type { Config } from './config.ts';
import { startTimeoutMs } from './start-timeout.ts';
import type { Db } from './db/index.ts';
import configPlugin from './plugins/config.ts';
import outbox, { type OutboxOptions } from './outbox/index.ts';
import formPosts from './form-posts/index.ts';
import housekeeping from './plugins/housekeeping.ts';
import demoReminders from './plugins/demo-reminders.ts';
import webhooks, { type WebhookOptions } from './webhooks/index.ts';
import databasePlugin from './plugins/database.ts';
import mcp from './mcp/index.ts';
import metrics from './plugins/metrics.ts';
import protection from './plugins/protection.ts';
import sandbox from './sandbox/index.ts';
import repositories from './repositories/index.ts';
import securityHeaders from './plugins/security-headers.ts';
import sitePlugin from './plugins/serve-site.ts';
import contentVersion from './plugins/content-version.ts';
import sharedPages from './plugins/shared-pages.ts';
import zodValidation from './plugins/zod-validation.ts';
import services from './services/index.ts';
import teamConsole from './team/index.ts';
import { clientErrorMessage, logClientError } from './services/errors.ts';
import { substitutionsFor } from './site/placeholders.ts';
import { loadSite, type EncodedStore, type Site } from './site/site-files.ts';
import visits from './visits/index.ts';

export type { EncodedStore };

export type AppOptions = {
  config: Config;
  /** An open database to use instead of the configured one (tests share one per file). */
  db?: Db;
  /** A loaded site to use instead of reading config.siteDir. */
  site?: Site;
  /** Compressed bodies shared with other servers of a test run (`EncodedStore`). */
  encodedStore?: EncodedStore;
  /** Timing of the lead-notification sender (tests make it quick). */
  outbox?: OutboxOptions;
  /** Timing of the webhook deliveries (tests make them quick). */
  webhooks?: WebhookOptions;
};

/** Assembles the whole server: the site, its routing, and the guest services. No port here. */
async function growmail(app: FastifyInstance, options: AppOptions) {
  const { config } = options;
  const site =
    options.site ??
    (await loadSite(config.siteDir, {
      renderer: config.siteRenderer,
      substitutions: substitutionsFor(config),
      noindex: config.env !== 'production',
      ...(options.encodedStore ? { encodedStore: options.encodedStore } : {}),
    }));
  // Outside /services answers are plain text: a page's visitor, or a bot, learns only the status.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).type('text/plain; charset=utf-8').send('Internal server error\n');
    }
    logClientError(request, error, status);
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(`${clientErrorMessage(error)}\n`);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found\n'));
  // The site a request is answered from: a publish swaps in a new one (D45) in one assignment,
  // and a request reads it once, so it is answered wholly from one version.
  let current = site;
  app.decorate('site', { getter: () => current });
  app.decorate('useSite', (next: Site) => {
    current = next;
  });

  // Once shutdown starts, answers close their connection, so keep-alive sockets do not
  // hold the drain open after the last in-flight request.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Hooks every answer runs take a callback rather than a promise: on a small page the
  // per-request overhead is most of the cost (issue 29).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(configPlugin, { config });
  // First, so its hook times every route and its counters exist for the parts that count.
  await app.register(metrics);
  await app.register(securityHeaders);
  await app.register(zodValidation);
  await app.register(databasePlugin, { db: options.db });
  await app.register(repositories);
  await app.register(outbox, options.outbox ?? {});
  await app.register(webhooks, options.webhooks ?? {});
  await app.register(housekeeping, {});
  await app.register(demoReminders, {});
  await app.register(protection);
  await app.register(sharedPages);
  await app.register(services, { prefix: '/services' });
  await app.register(sandbox);
  await app.register(formPosts);
  // Its own scope: the console's cookies, CSRF check and form parser stay inside it (D40).
  if (config.teamConsole) await app.register(teamConsole, { prefix: '/team' });
  // Its own scope: the protocol's body parsing and JSON-RPC errors stay inside it.
  await app.register(mcp);
  await app.register(visits, {});
  await app.register(contentVersion);
  await app.register(sitePlugin);
}

export const growmailApp = fp(growmail, { name: 'growmail' });

declare module 'fastify' {
  interface FastifyInstance {
    site: Site;
    /** Serves this site from now on: a published version (plugins/content-version.ts). */
    useSite: (site: Site) => void;
  }
}

/**
 * A request as the log shows it: Fastify's usual fields, but a console URL without its query,
 * which can hold a link's token (D40).
 */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url.startsWith('/team') ? request.url.replace(/\?.*$/, '') : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** JSON lines for machines; in development at a terminal, lines a person reads (pino-pretty). */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  if (config.env === 'development' && process.stdout.isTTY) {
    return {
      level: config.logLevel,
      serializers,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' } },
    };
  }
  // Written by a buffered stream, off the request path: under load a sync write per line cost
  // more than sending a small page (issue 29). Lines are written 4 KB at a time, and at least
  // every 100 ms: one write per line was a trip through the thread pool for each request.
  // Pino flushes what is left when the process exits.
  return {
    level: config.logLevel,
    serializers,
    stream: pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }),
  };
}

/**
 * One log line per request, written when the answer is sent and naming the request it answered,
 * in place of Fastify's two ("incoming request", then "request completed"): half the log's cost
 * per request (issue 29), and nothing lost, since a request that never completes is logged by
 * the error handler or the shutdown.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export const serverOptions = (config: Config): FastifyServerOptions => ({
  logger: loggerOptions(config),
  pluginTimeout: startTimeoutMs,
  logController: new OneLinePerRequest(),
  bodyLimit: 64 * 1024,
  // Client addresses (rate limits) come from X-Forwarded-For only through known proxies;
  // trusting every hop would let a client pick its own address.
  trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  // Keeps slow clients from holding sockets; the shutdown drain waits for the rest.
  requestTimeout: 30_000,
  connectionTimeout: 60_000,
  return503OnClosing: true,
  // A path Fastify cannot decode (GET /%zz) never reaches a route; answer it like any client
  // error, without Fastify's own error object, which names the framework and echoes the path.
  frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    logClientError(request, error, 400);
    const message = clientErrorMessage(error);
    if (request.url.startsWith('/services/') || request.url.startsWith(`${sandboxBasePath}/`))
      return reply.code(400).send(failure(message));
    return reply.code(400).type('text/plain; charset=utf-8').send(`${message}\n`);
  },
});

/** A ready app, for the server entry and for tests with app.inject(). */
export async function buildApp(options: AppOptions, overrides: FastifyServerOptions = {}) {
  const app = Fastify({ ...serverOptions(options.config), ...overrides });
  await app.register(growmailApp, options);
  await app.ready();
  return app;
}
