import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import { grantOf, landingPage, refusal } from '@growmail/contracts/team-access';
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailableError } from '../db/index.ts';
import { dataAccess } from '../repositories/index.ts';
import { alertRoutes } from './alert-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { demoRoutes } from './demo-routes.ts';
import { leadRoutes } from './lead-routes.ts';
import { marketingRoutes } from './marketing-routes.ts';
import { memberRoutes } from './member-routes.ts';
import { typedValues } from './forms.ts';
import { sendProblem } from './pages.ts';
import { peopleRoutes } from './people-routes.ts';
import { quarantineRoutes } from './quarantine-routes.ts';
import { siteRoutes } from './site-routes.ts';
import { cookieNames, cookieOptions, csrfUserInfo, readSession, type Session } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session the cookie names, once the gate has read it. */
    teamSession: Session | undefined;
  }
}

/**
 * The team console under /team (D40, D41). Its own scope: the cookie plugin, the CSRF check and
 * the form parser exist here only. Every route is in the access table (`teamRoutes` in
 * @growmail/contracts/team-access), and one gate checks it in this order: the session (a page
 * without one goes to sign-in, an action gets 401), then for a change the request's Origin (403),
 * then the role's permissions (403), then the CSRF token (403).
 */
export default async function teamConsole(app: FastifyInstance) {
  const cookies = cookieNames(app.config);
  await app.register(cookie);
  // The csrf cookie is the console's own, like its session's: no public page sets or reads one (D40).
  await app.register(csrfProtection, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: cookies.csrf,
    cookieOpts: cookieOptions(app.config),
    csrfOpts: { hmacKey: csrfKey(app) },
    getToken: (request) => {
      const token = typedValues(request.body, ['_csrf'])._csrf || request.headers['x-csrf-token'];
      return typeof token === 'string' ? token : '';
    },
    // Read after the gate, which has found the session of any route that needs one.
    getUserInfo: (request) => csrfUserInfo(request.teamSession),
  });
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  app.decorateRequest('teamSession', undefined);

  const data = dataAccess(app.db);
  const origin = new URL(app.config.urls.public).origin;

  // Every console answer, a redirect or a passkey's JSON as much as a page, is kept by no cache
  // and framed by no page (D40).
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store').header('x-frame-options', 'DENY');
    done(null, payload);
  });

  // HEAD would run a GET's handler, an export and its audit row with it, for headers nobody needs:
  // Fastify gives every GET a HEAD twin and cannot be told otherwise per scope, so the console
  // refuses HEAD before any hook reads a session.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'HEAD') return reply.code(405).header('allow', 'GET').send();
  });

  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (!grantOf(method, route.url))
        throw new Error(`The console route ${method} ${route.url} is not in the access table.`);
  });

  // Before the body is read, so that a post from no session, another origin or the wrong role
  // gets its 401 or 403 before a bad body gets its 400, and no one signed out makes the server
  // read a form's 5 MB image. The CSRF token, read from the body as sent (a route's schema leaves
  // out fields it does not name), is checked after, before validation.
  app.addHook('preParsing', async (request, reply, payload) => {
    await gate(request, reply);
    return payload;
  });
  async function gate(request: FastifyRequest, reply: FastifyReply) {
    const grant = grantOf(request.method, request.routeOptions.url ?? '');
    const changes = request.method !== 'GET' && request.method !== 'HEAD';
    const session = grant === 'public' ? undefined : await readSession(data, request.cookies[cookies.session]);
    if (grant !== 'public') {
      request.teamSession = session;
      if (!session) {
        if (!changes) return reply.redirect('/team/sign-in', 303);
        return sendProblem(
          reply,
          401,
          'Signed out',
          'Your session has ended. Sign in again, then repeat what you did.',
        );
      }
    }
    if (changes && request.headers.origin !== origin) {
      return sendProblem(
        reply,
        403,
        'Refused',
        'This request did not come from a console page, so nothing was changed.',
      );
    }
    if (grant !== 'public' && grant && session) {
      const refused = refusal(session.role, session.method, grant);
      if (refused) {
        // Refused before anything is looked up, so the answer is the same whatever was asked.
        const masked = 'lacking' in refused && refused.lacking.includes('contacts.see');
        if (masked) app.metrics.teamMaskedRefusals.inc({ route: request.routeOptions.url ?? '' });
        const message =
          'passkey' in refused
            ? 'This needs a session opened with a passkey; one opened with a mailed link cannot do it.'
            : masked
              ? 'This answers by people’s addresses and phone numbers, which your role sees masked, so it is not open to you.'
              : 'Your role does not allow this. An admin can change it.';
        return sendProblem(reply, 403, 'Not allowed', message);
      }
    }
  }
  // After the gate, as a callback hook: the plugin answers a bad token itself, through the error handler.
  app.addHook('preValidation', (request, reply, done) => {
    if (reply.sent || request.method === 'GET' || request.method === 'HEAD') return done();
    app.csrfProtection(request, reply, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
      return sendProblem(
        reply,
        403,
        'Refused',
        'The form had expired or was not the console’s own, so nothing was changed. Go back, reload the page and try again.',
      );
    }
    if (isUnavailableError(error)) {
      app.db.status.report(error);
      reply.header('retry-after', '30');
      return sendProblem(
        reply,
        503,
        'Unavailable',
        'The console cannot reach its database just now. Nothing was changed; try again in a minute.',
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      reply.header('retry-after', '60');
      return sendProblem(
        reply,
        429,
        'Too many tries',
        'Too many attempts from this network. Wait a minute, then try again.',
      );
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'console request failed');
      return sendProblem(
        reply,
        500,
        'Something went wrong',
        'Nothing was changed. Try again; if it keeps failing, tell the developers.',
      );
    }
    request.log.info({ status, code: error.code }, 'console client error');
    const message = error.validation ? 'The request was not one the console sends.' : 'The request could not be read.';
    return sendProblem(reply, status, 'Not understood', message);
  });
  const notFound = (reply: FastifyReply) =>
    sendProblem(reply, 404, 'Not found', 'There is no console page at this address.');
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  // Any other path under /team is the console's to refuse: without this the site's catch-all
  // would answer it with the public home page, cacheable by anyone.
  app.get('/*', async (request, reply) => {
    request.teamSession = await readSession(data, request.cookies[cookies.session]);
    return notFound(reply);
  });

  app.get('/', async (request, reply) => {
    const session = await readSession(data, request.cookies[cookies.session]);
    return reply.redirect(session ? landingPage(session.role) : '/team/sign-in', 303);
  });

  authRoutes(app, data);
  alertRoutes(app, data);
  leadRoutes(app, data);
  memberRoutes(app, data);
  quarantineRoutes(app, data);
  demoRoutes(app, data);
  peopleRoutes(app, data);
  marketingRoutes(app, data);
  siteRoutes(app, data);
}

/**
 * The key that binds a CSRF token to its session: TEAM_CSRF_KEY, or one made from
 * TRACKING_SECRET, so every server of a cluster takes the others' tokens. Without either, a key of
 * this process's own, which is enough for one server only.
 */
function csrfKey(app: FastifyInstance): string {
  if (app.config.teamCsrfKey) return app.config.teamCsrfKey;
  if (app.config.env === 'staging' || app.config.env === 'production')
    app.log.warn('TEAM_CSRF_KEY and TRACKING_SECRET are unset: console forms work only on the server that made them');
  return randomBytes(32).toString('base64url');
}
