import {
  enrolPasskeySchema,
  linkTokenSchema,
  newPasskeySchema,
  passkeySignInSchema,
  signInLinkSchema,
} from '@growmail/contracts/team';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import type { DataAccess } from '../repositories/index.ts';
import { refusedForm } from './forms.ts';
import { noticeFor, noticeUrl } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage, sessionOf } from './pages.ts';
import { addOwnPasskey, enrolWithLink, mailSignInLink, signOutMember } from './members.ts';
import { authenticate, authenticationOptions, checkNewPasskey, registrationOptions } from './passkeys.ts';
import {
  auditFailedSignIn,
  cookieNames,
  cookieOptions,
  signInWithLink,
  signInWithPasskey,
  signOut,
} from './sessions.ts';
import { hashToken } from './tokens.ts';

/**
 * Sign-in, enrolment and sign-out (D41): the routes for someone not signed in, the two that end a
 * session, and a member adding a passkey from their account.
 */

/** Sign-in attempts per client address per minute, counted with the others (shared through Redis, D27). */
const limited = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * What a failed passkey ceremony says. User verification is required, so it says what that means
 * and what to do instead: a mailed link signs in without a passkey.
 */
const checkFailed =
  'The passkey could not be checked. It must confirm it is you with a fingerprint, face, screen lock or PIN, so a security key without a PIN cannot be used.';
const refusedAtSignIn = `${checkFailed} Set a PIN on it, or sign in with a link by mail below.`;
const refusedAtEnrol = `${checkFailed} Set a PIN on it and press the button again, or meanwhile sign in with a link by mail from the sign-in page.`;
const refusedOnAccount = `${checkFailed} Set a PIN on it, or use this device's own screen lock.`;

export function authRoutes(app: FastifyInstance, data: DataAccess) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const { session: sessionCookie, search: searchCookie } = cookieNames(config);
  /** Signing out ends the session and forgets the last search, which may hold a number or an address. */
  const signedOut = (reply: FastifyReply) =>
    reply.clearCookie(sessionCookie, cookieOptions(config)).clearCookie(searchCookie, cookieOptions(config));
  const failures = app.metrics.teamSignInFailures;

  const signedIn = (reply: FastifyReply, token: string) => reply.setCookie(sessionCookie, token, cookieOptions(config));

  // Mailing a sign-in link runs after the answer, so a member's address and a stranger's are
  // answered alike, in the same time (D41). Shutdown waits for what is still running.
  const mailing = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(mailing);
  });
  // SQLite's statements run synchronously, so the work starts once the answer is written, not beside it.
  function mailAfterAnswering(email: string) {
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => mailSignInLink(data, config, email))
      .catch((error: unknown) => {
        if (!app.db.status.report(error)) app.log.error({ err: error }, 'mailing a sign-in link failed');
      })
      .finally(() => mailing.delete(work));
    mailing.add(work);
  }

  app.get('/sign-in', async (request, reply) =>
    sendTeamPage(reply, { view: 'sign-in', notice: noticeFor('sign-in', request.query) }),
  );

  // The same answer whether or not the address is a member's (D41).
  routes.post(
    '/sign-in/link',
    { config: limited(5), schema: { body: signInLinkSchema }, attachValidation: true },
    async (request, reply) => {
      const form = refusedForm(request, ['email']);
      if (form)
        return sendTeamPage(reply, { view: 'sign-in', problem: form.problems.email, email: form.values.email }, 400);
      mailAfterAnswering(request.body.email);
      return reply.redirect(noticeUrl('/team/sign-in', 'sign-in', 'link-sent'), 303);
    },
  );

  app.post('/sign-in/options', { config: limited(30) }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await authenticationOptions(data, config)),
  );

  routes.post(
    '/sign-in/passkey',
    { config: limited(30), schema: { body: passkeySignInSchema }, attachValidation: true },
    async (request, reply) => {
      const result = request.validationError
        ? ({ outcome: 'unknown' } as const)
        : await authenticate(data, config, request.body.response);
      const token = result.outcome === 'signed-in' ? await signInWithPasskey(data, result.memberId) : undefined;
      if (!token) {
        failures.inc({ method: 'passkey' });
        if (result.outcome === 'refused') await auditFailedSignIn(data, result.memberId);
        const error = result.outcome === 'refused' ? refusedAtSignIn : 'That passkey is not one the console knows.';
        return reply.code(400).header('cache-control', 'no-store').send({ error });
      }
      signedIn(reply, token);
      return reply.header('cache-control', 'no-store').send({ location: '/team' });
    },
  );

  /** The member an unused link of `purpose` names, or undefined for a link refused by its schema, used or expired. */
  const linkMember = (token: string | undefined, purpose: 'sign-in' | 'enrol') =>
    token === undefined ? undefined : data.team.linkMember(hashToken(token), purpose, new Date());
  const linkInvalid = (reply: FastifyReply, purpose: 'sign-in' | 'enrol') =>
    sendTeamPage(reply, { view: 'link-invalid', purpose }, 404);
  /** The token a link's page was given or posted, once its schema has passed it. */
  const tokenOf = (request: { validationError?: unknown }, token: { token: string }) =>
    request.validationError ? undefined : token.token;

  // A mailed link's page: GET shows one button and changes nothing; its POST signs in.
  routes.get('/link', { schema: { querystring: linkTokenSchema }, attachValidation: true }, async (request, reply) => {
    const token = tokenOf(request, request.query);
    const member = await linkMember(token, 'sign-in');
    if (!member || !token) return linkInvalid(reply, 'sign-in');
    return sendTeamPage(reply, { view: 'link', purpose: 'sign-in', token, name: member.name });
  });

  routes.post(
    '/link',
    { config: limited(10), schema: { body: linkTokenSchema }, attachValidation: true },
    async (request, reply) => {
      const link = tokenOf(request, request.body);
      const token = link ? await signInWithLink(data, hashToken(link)) : undefined;
      if (!token) {
        failures.inc({ method: 'link' });
        return linkInvalid(reply, 'sign-in');
      }
      signedIn(reply, token);
      return reply.redirect('/team', 303);
    },
  );

  routes.get('/enrol', { schema: { querystring: linkTokenSchema }, attachValidation: true }, async (request, reply) => {
    const token = tokenOf(request, request.query);
    const member = await linkMember(token, 'enrol');
    if (!member || !token) return linkInvalid(reply, 'enrol');
    return sendTeamPage(reply, { view: 'link', purpose: 'enrol', token, name: member.name });
  });

  // Without script the button posts here: a passkey needs the browser's script, so the page says so.
  routes.post(
    '/enrol',
    { config: limited(10), schema: { body: linkTokenSchema }, attachValidation: true },
    async (request, reply) => {
      const token = tokenOf(request, request.body);
      const member = await linkMember(token, 'enrol');
      if (!member || !token) return linkInvalid(reply, 'enrol');
      return sendTeamPage(
        reply,
        {
          view: 'link',
          purpose: 'enrol',
          token,
          name: member.name,
          problem:
            'Creating a passkey needs JavaScript, which is off in this browser. Turn it on and press the button again: the link still works.',
        },
        400,
      );
    },
  );

  const linkGone = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-store').send({ error: 'This link has been used or has expired.' });

  routes.post(
    '/enrol/options',
    { config: limited(10), schema: { body: linkTokenSchema }, attachValidation: true },
    async (request, reply) => {
      const member = await linkMember(tokenOf(request, request.body), 'enrol');
      if (!member) return linkGone(reply);
      return reply.header('cache-control', 'no-store').send(await registrationOptions(data, config, member));
    },
  );

  routes.post(
    '/enrol/passkey',
    { config: limited(10), schema: { body: enrolPasskeySchema }, attachValidation: true },
    async (request, reply) => {
      const token = tokenOf(request, request.body);
      const member = await linkMember(token, 'enrol');
      if (!member || !token) return linkGone(reply);
      const passkey = await checkNewPasskey(data, config, member.id, request.body.response, 'First passkey');
      if (!passkey) return reply.code(400).header('cache-control', 'no-store').send({ error: refusedAtEnrol });
      // Two requests with one link can both get this far: the link is taken once, and the other refused.
      const session = await enrolWithLink(data, hashToken(token), passkey, member);
      if (!session) return linkGone(reply);
      signedIn(reply, session);
      return reply.header('cache-control', 'no-store').send({ location: '/team' });
    },
  );

  app.post('/sign-out', async (request, reply) => {
    await signOut(data, sessionOf(request));
    signedOut(reply);
    return reply.redirect(noticeUrl('/team/sign-in', 'sign-in', 'signed-out'), 303);
  });

  app.post('/sign-out-everywhere', async (request, reply) => {
    await signOutMember(data, sessionOf(request).id, actorOf(request), 'signed-out-everywhere');
    signedOut(reply);
    return reply.redirect(noticeUrl('/team/sign-in', 'sign-in', 'signed-out'), 303);
  });

  // A member adds another passkey from their account page; a mailed link's session may not (D41).
  app.post('/account/passkeys/options', {}, async (request, reply) => {
    const member = await data.team.member(sessionOf(request).id);
    if (!member) return sendProblem(reply, 404, 'Not found', 'This member no longer exists.');
    return reply.header('cache-control', 'no-store').send(await registrationOptions(data, config, member));
  });

  routes.post(
    '/account/passkeys',
    { schema: { body: newPasskeySchema }, attachValidation: true },
    async (request, reply) => {
      const refused = refusedForm(request, ['name']);
      if (refused) {
        const error = refused.problems.name ?? 'The passkey’s answer was not one the console can read. Try again.';
        return reply.code(400).header('cache-control', 'no-store').send({ error });
      }
      const { name, response } = request.body;
      const passkey = await checkNewPasskey(data, config, sessionOf(request).id, response, name);
      if (!passkey) return reply.code(400).header('cache-control', 'no-store').send({ error: refusedOnAccount });
      await addOwnPasskey(data, passkey, actorOf(request));
      return reply
        .header('cache-control', 'no-store')
        .send({ location: noticeUrl('/team/account', 'account', 'added') });
    },
  );
}
