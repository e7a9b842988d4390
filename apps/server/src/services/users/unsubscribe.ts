import { allListsSegment, failure, messages, ok, unsubscribeQuerySchema } from '@growmail/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { publicWrite } from '../../plugins/protection.ts';
import { decodeListId, trackingSecret, verifyTracking, type TrackingParts } from './tracking.ts';

type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/**
 * PUT {users}/guests/unsubscribe/{list}/{ref}/{issued}/{signature}?contact_email&contact_id
 * (spec §7, D17). `*` in the list segment unsubscribes the contact from every list. Saying
 * it twice is not an error: the preference simply stays set.
 */
export default async function unsubscribeRoutes(app: FastifyInstance) {
  app.put(
    '/guests/unsubscribe/:list/:ref/:issued/:signature',
    {
      schema: { querystring: unsubscribeQuerySchema },
      ...publicWrite(app, () => ({ status: 200, body: ok({ message: messages.preferencesSaved }) })),
    },
    async (request, reply) => {
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
        .set({ unsubscribed_at: now })
        .where('contact_id', '=', contactId)
        .where('unsubscribed_at', 'is', null);
      if (parts.list !== allListsSegment) {
        const listId = decodeListId(parts.list);
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
    },
  );
}
