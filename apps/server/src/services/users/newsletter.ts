import { randomUUID } from 'node:crypto';
import { captureQuerySchema, failure, messages, ok, type SubmissionAccepted } from '@growmail/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { publicWrite } from '../../plugins/protection.ts';
import { ensureList, findOrCreateContact } from './contacts.ts';

type CaptureQuery = z.infer<typeof captureQuerySchema>;

/**
 * GET {users}/api/contacts/{api_key}/capture/?source=website-api&email=…&tags=subscriber
 * (spec §7): the footer newsletter. Idempotent: a subscribed contact stays as they are; one
 * who had unsubscribed is subscribed again, since they asked.
 */
export default async function newsletterRoutes(app: FastifyInstance) {
  const options = {
    schema: { querystring: captureQuerySchema },
    ...publicWrite(app, () => ({
      status: 200,
      body: ok<SubmissionAccepted>({ id: randomUUID(), message: messages.subscribed }),
    })),
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { api_key: apiKey } = request.params as { api_key: string };
    if (apiKey !== app.config.siteApiKey) return reply.code(403).send(failure(messages.badApiKey));
    const query = request.query as CaptureQuery;
    const listId = app.config.audienceId;
    const tags = (query.tags ?? 'subscriber')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    const answer = await app.db.kysely.transaction().execute(async (trx) => {
      const contactId = await findOrCreateContact(trx, query.email);
      await ensureList(trx, listId, 'Newsletter');
      const membership = await trx
        .selectFrom('list_memberships')
        .select(['tags', 'unsubscribed_at'])
        .where('list_id', '=', listId)
        .where('contact_id', '=', contactId)
        .executeTakeFirst();
      const now = new Date().toISOString();
      if (!membership) {
        await trx
          .insertInto('list_memberships')
          .values({ list_id: listId, contact_id: contactId, tags: JSON.stringify(tags), subscribed_at: now })
          .execute();
        return { id: contactId, message: messages.subscribed };
      }
      const known = JSON.parse(membership.tags) as string[];
      const merged = [...new Set([...known, ...tags])];
      if (membership.unsubscribed_at === null && merged.length === known.length) {
        return { id: contactId, message: messages.alreadySubscribed };
      }
      await trx
        .updateTable('list_memberships')
        .set({
          tags: JSON.stringify(merged),
          ...(membership.unsubscribed_at === null ? {} : { unsubscribed_at: null, subscribed_at: now }),
        })
        .where('list_id', '=', listId)
        .where('contact_id', '=', contactId)
        .execute();
      return {
        id: contactId,
        message: membership.unsubscribed_at === null ? messages.alreadySubscribed : messages.subscribed,
      };
    });
    return reply.header('cache-control', 'no-store').send(ok<SubmissionAccepted>(answer));
  };
  app.get('/api/contacts/:api_key/capture', options, handler);
  app.get('/api/contacts/:api_key/capture/', options, handler);
}
