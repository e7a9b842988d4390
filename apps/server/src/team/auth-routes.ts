import { linkTokenSchema, passkeyNameSchema, passkeyResponseSchema, signInLinkSchema } from '@growmail/contracts/team';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import type { DataAccess } from '../repositories/index.ts';
import { sendProblem, sendTeamPage } from './pages.ts';
import { auditActor } from '../lib/actor.ts';
import { mailSignInLink } from './members.ts';
import { authenticate, authenticationOptions, registerPasskey, registrationOptions } from './passkeys.ts';
import { cookieOptions, endSession, openSession, sessionCookie } from './sessions.ts';
import { hashToken } from './tokens.ts';

/** Sign-in, enrolment and sign-out (D41): the routes for someone not signed in, and the two that end a session. */
const publicRoute = { team: 'public' as const };

/** Sign-in attempts per client address per minute, counted with the others (shared through Redis, D27). */
const limited = (max: number) => ({ ...publicRoute, rateLimit: { max, timeWindow: 60_000 } });

export function authRoutes(app: FastifyInstance, data: DataAccess) {
  const { config } = app;

  const signedIn = (reply: FastifyReply, token: string) => reply.setCookie(sessionCookie, token, cookieOptions(config));

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
    await mailSignInLink(data, config, parsed.data.email);
    return reply.redirect('/team/sign-in?sent=1', 303);
  });

  app.post('/sign-in/options', { config: limited(30) }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await authenticationOptions(data, config)),
  );

  app.post('/sign-in/passkey', { config: limited(30) }, async (request, reply) => {
    const response = passkeyResponseSchema.safeParse((request.body as Record<string, unknown> | undefined)?.response);
    const memberId = response.success
      ? await authenticate(data, config, response.data as unknown as AuthenticationResponseJSON)
      : null;
    if (!memberId) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: 'That passkey is not one the console knows.' });
    }
    signedIn(reply, await openSession(data, memberId, 'passkey'));
    await data.audit.record({
      ...auditActor(await actorFor(data, memberId, 'passkey')),
      action: 'signed-in',
      recordType: 'member',
      recordId: memberId,
    });
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
    const token = linkTokenSchema.safeParse(request.body);
    const hash = token.success ? hashToken(token.data.token) : '';
    const member = token.success ? await data.team.linkMember(hash, 'sign-in', new Date()) : undefined;
    if (!member || !(await data.team.takeLink(hash, 'sign-in', new Date()))) {
      return sendTeamPage(reply, { view: 'link-invalid', purpose: 'sign-in' }, 404);
    }
    signedIn(reply, await openSession(data, member.id, 'link'));
    await data.audit.record({
      memberId: member.id,
      memberName: member.name,
      method: 'link',
      action: 'signed-in',
      recordType: 'member',
      recordId: member.id,
    });
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
    const body = z.object({ token: z.string(), response: passkeyResponseSchema }).safeParse(request.body);
    const hash = body.success ? hashToken(body.data.token) : '';
    const member = body.success ? await data.team.linkMember(hash, 'enrol', new Date()) : undefined;
    if (!member || !body.success) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: 'This link has been used or has expired.' });
    }
    const response = body.data.response as unknown as RegistrationResponseJSON;
    if (!(await registerPasskey(data, config, member.id, response, 'First passkey'))) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: 'The passkey could not be checked. Try again.' });
    }
    await data.team.takeLink(hash, 'enrol', new Date());
    signedIn(reply, await openSession(data, member.id, 'passkey'));
    await data.audit.record({
      memberId: member.id,
      memberName: member.name,
      method: 'passkey',
      action: 'passkey.added',
      recordType: 'member',
      recordId: member.id,
      detail: { enrolled: true },
    });
    return reply.header('cache-control', 'no-store').send({ location: '/team/leads' });
  });

  app.post('/sign-out', { config: { team: { role: 'viewer' } } }, async (request, reply) => {
    await endSession(data, request.cookies[sessionCookie]);
    reply.clearCookie(sessionCookie, cookieOptions(config));
    return reply.redirect('/team/sign-in?out=1', 303);
  });

  app.post('/sign-out-everywhere', { config: { team: { role: 'viewer' } } }, async (request, reply) => {
    const session = request.teamSession!;
    await data.team.endSessions(session.id);
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
    const added = await registerPasskey(
      data,
      config,
      session.id,
      body.data.response as unknown as RegistrationResponseJSON,
      body.data.name,
    );
    if (!added)
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: 'The passkey could not be checked. Try again.' });
    await data.audit.record({
      memberId: session.id,
      memberName: session.name,
      method: session.method,
      action: 'passkey.added',
      recordType: 'member',
      recordId: session.id,
      detail: { name: body.data.name },
    });
    return reply.header('cache-control', 'no-store').send({ location: '/team/account?added=1' });
  });
}

async function actorFor(data: DataAccess, memberId: string, method: 'passkey' | 'link') {
  const member = await data.team.member(memberId);
  return { memberId, name: member?.name ?? 'a member', method };
}
