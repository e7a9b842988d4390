import { randomUUID, timingSafeEqual } from 'node:crypto';
import { failure, ok } from '@growmail/contracts';
import { contactsApiRequestSchema, type ContactsApiRequest } from '@growmail/contracts/push';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import { rateLimited } from '../../plugins/protection.ts';

export type SavedContact = { id: string; email: string; created: boolean; subscribed: boolean };

/**
 * `POST {users}/api/contacts` (spec §3, §7): creates a contact by email and stores its web
 * push subscription (`gm_web_push`). The bearer key is the site's public key, in every
 * browser (D24), so this does only what is safe for anyone: it never changes a contact that
 * exists, and an endpoint must be on a known push service (D25).
 */
export default async function contactsApi(app: FastifyInstance) {
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
      const saved = await saveContact(app.db, request.body as ContactsApiRequest);
      return corsHeaders(reply)
        .code(saved.created ? 201 : 200)
        .send(ok({ data: saved, meta: { size: 1 } }));
    },
  );
}

function corsHeaders(reply: FastifyReply) {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'POST')
    .header('access-control-allow-headers', 'authorization, content-type');
}

/** 403 before the body is read when the bearer key is missing or wrong (spec §8). */
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

/** Creates the contact when its email is new (an existing one is left as it is), and keeps its subscription. */
export async function saveContact(db: Db, input: ContactsApiRequest): Promise<SavedContact> {
  const { gm_web_push: subscription, email, firstname, lastname, phone_number, ...attributes } = input;
  const now = new Date().toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('contacts')
      .values({
        id: randomUUID(),
        email: email.toLowerCase(),
        firstname: firstname ?? null,
        lastname: lastname ?? null,
        phone_number: phone_number ?? null,
        attributes: JSON.stringify(attributes),
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    const contact = await trx
      .selectFrom('contacts')
      .select(['id', 'email'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    if (subscription) {
      const values = {
        contact_id: contact.id,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        expiration_time:
          typeof subscription.expirationTime === 'number' ? new Date(subscription.expirationTime).toISOString() : null,
        updated_at: now,
      };
      await trx
        .insertInto('push_subscriptions')
        .values({ id: randomUUID(), endpoint: subscription.endpoint, created_at: now, ...values })
        .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
        .execute();
    }
    return { id: contact.id, email: contact.email, created: Boolean(inserted), subscribed: Boolean(subscription) };
  });
}
