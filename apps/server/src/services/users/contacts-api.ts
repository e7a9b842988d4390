import { timingSafeEqual } from 'node:crypto';
import { failure, ok } from '@growmail/contracts/api';
import { contactsApiRequestSchema } from '@growmail/contracts/push';
import { normaliseEmail } from '@growmail/contracts/rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateLimited } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';

/**
 * `POST {users}/api/contacts` (spec "Entities", "Calls made"): creates a contact by email and stores its web
 * push subscription (`gm_web_push`). The bearer key is the site's public key, in every
 * browser (D24), so this does only what is safe for anyone: it never changes a contact that
 * exists, and an endpoint must be on a known push service (D25).
 *
 * An address whose data was erased on request (D29) is skipped: nothing is stored, and the
 * answer says so (`skipped: true`, size 0). Anyone holds this key, so a call here is no proof
 * that the person asked; only their own confirmed newsletter opt-in brings them back.
 */
const contactsApi: ZodRoutes = async (app) => {
  const bodySchema = contactsApiRequestSchema(app.config.pushServiceHosts);
  // Browsers on other origins call this with an Authorization header, so they ask first.
  // The key, not a cookie, authorises the call, so any origin may try.
  app.options('/api/contacts', async (_request, reply) =>
    corsHeaders(reply).header('access-control-max-age', '86400').code(204).send(),
  );

  app.post(
    '/api/contacts',
    {
      ...rateLimited(app),
      onRequest: requireApiKey(app.config.siteApiKey),
      schema: { body: bodySchema },
    },
    async (request, reply) => {
      const { gm_web_push: subscription, ...contact } = request.body;
      const saved = await app.db.kysely.transaction().execute(async (trx) => {
        if (await app.suppressions.in(trx).has(contact.email)) return null;
        const created = await app.contacts.in(trx).create(contact);
        if (subscription) await app.push.in(trx).saveSubscription(created.id, subscription);
        return created;
      });
      if (!saved) {
        const skipped = {
          id: null,
          email: normaliseEmail(contact.email),
          created: false,
          subscribed: false,
          skipped: true,
        };
        return corsHeaders(reply)
          .code(200)
          .send(ok({ data: skipped, meta: { size: 0 } }));
      }
      const data = { id: saved.id, email: saved.email, created: saved.created, subscribed: Boolean(subscription) };
      return corsHeaders(reply)
        .code(saved.created ? 201 : 200)
        .send(ok({ data, meta: { size: 1 } }));
    },
  );
};
export default contactsApi;

function corsHeaders(reply: FastifyReply) {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'POST')
    .header('access-control-allow-headers', 'authorization, content-type');
}

/** 403 before the body is read when the bearer key is missing or wrong (spec "Error catalogue"). */
function requireApiKey(apiKey: string) {
  const expected = Buffer.from(apiKey);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const given = Buffer.from(match?.[1] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return corsHeaders(reply).code(403).send(failure('The API key is missing or wrong.'));
    }
  };
}
