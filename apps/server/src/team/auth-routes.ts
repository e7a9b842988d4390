import { linkTokenSchema, passkeyNameSchema, passkeyResponseSchema, signInLinkSchema } from '@growmail/contracts/team';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import type { DataAccess } from '../repositories/index.ts';
import { actorOf, sendProblem, sendTeamPage } from './pages.ts';
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
const publicRoute = { team: 'public' as const };

/** Sign-in attempts per client address per minute, counted with the others (shared through Redis, D27). */
const limited = (max: number) => ({ ...publicRoute, rateLimit: { max, timeWindow: 60_000 } });

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
  const { config } = app;
  const { session: sessionCookie } = cookieNames(config);
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

  app.get('/sign-in', { config: publicRoute }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const notice = query.sent === '1' ? 'link-sent' : query.out === '1' ? 'signed-out' : undefined;
    return sendTeamPage(reply, { view: 'sign-in', notice });
  });

  // The same answer whether or not the address is a member's (D41).
  app.post('/sign-in/link', { config: limited(5) }, async (request, reply) => {
    const parsed = signInLinkSchema.safeParse(request.body);
    if (!parsed.success) {
      const email = (request.body as Record<string, unknown> | undefined)?.email;
      return sendTeamPage(
        reply,
        {
          view: 'sign-in',
          problem: parsed.error.issues[0]?.message ?? 'Enter your work address.',
          email: typeof email === 'string' ? email.slice(0, 200) : '',
        },
        400,
      );
    }
    mailAfterAnswering(parsed.data.email);
    return reply.redirect('/team/sign-in?sent=1', 303);
  });

  app.post('/sign-in/options', { config: limited(30) }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await authenticationOptions(data, config)),
  );

  app.post('/sign-in/passkey', { config: limited(30) }, async (request, reply) => {
    const response = passkeyResponseSchema.safeParse((request.body as Record<string, unknown> | undefined)?.response);
    const result = response.success
      ? await authenticate(data, config, response.data as unknown as AuthenticationResponseJSON)
      : ({ outcome: 'unknown' } as const);
    const token = result.outcome === 'signed-in' ? await signInWithPasskey(data, result.memberId) : undefined;
    if (!token) {
      failures.inc({ method: 'passkey' });
      if (result.outcome === 'refused') await auditFailedSignIn(data, result.memberId);
      const error = result.outcome === 'refused' ? refusedAtSignIn : 'That passkey is not one the console knows.';
      return reply.code(400).header('cache-control', 'no-store').send({ error });
    }
    signedIn(reply, token);
    return reply.header('cache-control', 'no-store').send({ location: '/team/leads' });
  });

  // A mailed link's page: GET shows one button and changes nothing; its POST signs in.
  app.get('/link', { config: publicRoute }, async (request, reply) => {
    const token = linkTokenSchema.safeParse(request.query);
    const member = token.success
      ? await data.team.linkMember(hashToken(token.data.token), 'sign-in', new Date())
      : undefined;
    if (!member || !token.success) return sendTeamPage(reply, { view: 'link-invalid', purpose: 'sign-in' }, 404);
    return sendTeamPage(reply, { view: 'link', purpose: 'sign-in', token: token.data.token, name: member.name });
  });

  app.post('/link', { config: limited(10) }, async (request, reply) => {
    const link = linkTokenSchema.safeParse(request.body);
    const token = link.success ? await signInWithLink(data, hashToken(link.data.token)) : undefined;
    if (!token) {
      failures.inc({ method: 'link' });
      return sendTeamPage(reply, { view: 'link-invalid', purpose: 'sign-in' }, 404);
    }
    signedIn(reply, token);
    return reply.redirect('/team/leads', 303);
  });

  app.get('/enrol', { config: publicRoute }, async (request, reply) => {
    const token = linkTokenSchema.safeParse(request.query);
    const member = token.success
      ? await data.team.linkMember(hashToken(token.data.token), 'enrol', new Date())
      : undefined;
    if (!member || !token.success) return sendTeamPage(reply, { view: 'link-invalid', purpose: 'enrol' }, 404);
    return sendTeamPage(reply, { view: 'link', purpose: 'enrol', token: token.data.token, name: member.name });
  });

  // Without script the button posts here: a passkey needs the browser's script, so the page says so.
  app.post('/enrol', { config: limited(10) }, async (request, reply) => {
    const token = linkTokenSchema.safeParse(request.body);
    const member = token.success
      ? await data.team.linkMember(hashToken(token.data.token), 'enrol', new Date())
      : undefined;
    if (!member || !token.success) return sendTeamPage(reply, { view: 'link-invalid', purpose: 'enrol' }, 404);
    return sendTeamPage(
      reply,
      {
        view: 'link',
        purpose: 'enrol',
        token: token.data.token,
        name: member.name,
        problem:
          'Creating a passkey needs JavaScript, which is off in this browser. Turn it on and press the button again: the link still works.',
      },
      400,
    );
  });

  app.post('/enrol/options', { config: limited(10) }, async (request, reply) => {
    const token = linkTokenSchema.safeParse(request.body);
    const member = token.success
      ? await data.team.linkMember(hashToken(token.data.token), 'enrol', new Date())
      : undefined;
    if (!member)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: 'This link has been used or has expired.' });
    return reply.header('cache-control', 'no-store').send(await registrationOptions(data, config, member));
  });

  app.post('/enrol/passkey', { config: limited(10) }, async (request, reply) => {
    const gone = () =>
      reply.code(404).header('cache-control', 'no-store').send({ error: 'This link has been used or has expired.' });
    const body = z.object({ token: z.string(), response: passkeyResponseSchema }).safeParse(request.body);
    const hash = body.success ? hashToken(body.data.token) : '';
    const member = body.success ? await data.team.linkMember(hash, 'enrol', new Date()) : undefined;
    if (!member || !body.success) return gone();
    const response = body.data.response as unknown as RegistrationResponseJSON;
    const passkey = await checkNewPasskey(data, config, member.id, response, 'First passkey');
    if (!passkey) return reply.code(400).header('cache-control', 'no-store').send({ error: refusedAtEnrol });
    // Two requests with one link can both get this far: the link is taken once, and the other refused.
    const token = await enrolWithLink(data, hash, passkey, member);
    if (!token) return gone();
    signedIn(reply, token);
    return reply.header('cache-control', 'no-store').send({ location: '/team/leads' });
  });

  app.post('/sign-out', { config: { team: { role: 'viewer' } } }, async (request, reply) => {
    await signOut(data, request.teamSession!);
    reply.clearCookie(sessionCookie, cookieOptions(config));
    return reply.redirect('/team/sign-in?out=1', 303);
  });

  app.post('/sign-out-everywhere', { config: { team: { role: 'viewer' } } }, async (request, reply) => {
    await signOutMember(data, request.teamSession!.id, actorOf(request), 'signed-out-everywhere');
    reply.clearCookie(sessionCookie, cookieOptions(config));
    return reply.redirect('/team/sign-in?out=1', 303);
  });

  // A member adds another passkey from their account page; a mailed link's session may not (D41).
  app.post(
    '/account/passkeys/options',
    { config: { team: { role: 'viewer', passkey: true } } },
    async (request, reply) => {
      const member = await data.team.member(request.teamSession!.id);
      if (!member) return sendProblem(reply, 404, 'Not found', 'This member no longer exists.');
      return reply.header('cache-control', 'no-store').send(await registrationOptions(data, config, member));
    },
  );

  app.post('/account/passkeys', { config: { team: { role: 'viewer', passkey: true } } }, async (request, reply) => {
    const body = z.object({ name: passkeyNameSchema, response: passkeyResponseSchema }).safeParse(request.body);
    const session = request.teamSession!;
    if (!body.success)
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: body.error.issues[0]?.message ?? 'Not understood.' });
    const response = body.data.response as unknown as RegistrationResponseJSON;
    const passkey = await checkNewPasskey(data, config, session.id, response, body.data.name);
    if (!passkey) return reply.code(400).header('cache-control', 'no-store').send({ error: refusedOnAccount });
    await addOwnPasskey(data, passkey, actorOf(request));
    return reply.header('cache-control', 'no-store').send({ location: '/team/account?added=1' });
  });
}
