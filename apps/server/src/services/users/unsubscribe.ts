import { allListsSegment, failure, messages, ok, unsubscribeQuerySchema } from '@growmail/contracts';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { publicWrite } from '../../plugins/protection.ts';
import { decodeListId, trackingSecret, verifyTracking, type TrackingParts } from './tracking.ts';

type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/**
 * PUT {users}/guests/unsubscribe/{list}/{ref}/{issued}/{signature}?contact_email&contact_id
 * (spec §7, D17). `*` in the list segment unsubscribes the contact from every list. Saying
 * it twice is not an error: the preference simply stays set.
 *
 * The same URL takes a POST of `List-Unsubscribe=One-Click`: RFC 8058's one-click
 * unsubscribe, which mailbox providers send for the List-Unsubscribe header of our emails.
 */
export default async function unsubscribeRoutes(app: FastifyInstance) {
  // Mailbox providers post the one-click body as a form.
  await app.register(formbody);
  const options = {
    schema: { querystring: unsubscribeQuerySchema },
    ...publicWrite(app, () => ({ status: 200, body: ok({ message: messages.preferencesSaved }) })),
  };
  const path = '/guests/unsubscribe/:list/:ref/:issued/:signature';
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const parts = request.params as TrackingParts;
    const { contact_email: email, contact_id: contactId } = request.query as UnsubscribeQuery;
    const secret = await trackingSecret(app.db, app.config);
    if (!verifyTracking(secret, parts, contactId, email)) {
      return reply.code(403).send(failure(messages.badTrackingLink));
    }
    const contact = await app.db.kysely
      .selectFrom('contacts')
      .select('id')
      .where('id', '=', contactId)
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    if (!contact) return reply.code(404).send(failure('No such subscriber.'));

    const now = new Date().toISOString();
    let update = app.db.kysely
      .updateTable('list_memberships')
      .set({ status: 'unsubscribed', unsubscribed_at: now })
      .where('contact_id', '=', contactId)
      .where('status', '!=', 'unsubscribed');
    if (parts.list !== allListsSegment) {
      const listId = decodeListId(parts.list);
      if (listId === null) return reply.code(404).send(failure('No such subscription.'));
      const member = await app.db.kysely
        .selectFrom('list_memberships')
        .select('list_id')
        .where('contact_id', '=', contactId)
        .where('list_id', '=', listId)
        .executeTakeFirst();
      if (!member) return reply.code(404).send(failure('No such subscription.'));
      update = update.where('list_id', '=', listId);
    }
    await update.execute();
    return reply.send(ok({ message: messages.preferencesSaved }));
  };
  app.put(path, options, handler);
  app.post(path, options, handler);
}
