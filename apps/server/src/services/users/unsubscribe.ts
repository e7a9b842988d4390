import { failure, ok } from '@growmail/contracts/api';
import { allListsSegment } from '@growmail/contracts/form-fields';
import { unsubscribeParamsSchema, unsubscribeQuerySchema } from '@growmail/contracts/forms';
import { messages } from '@growmail/contracts/messages';
import { serviceMessages } from '@growmail/contracts/service-messages';
import formbody from '@fastify/formbody';
import { publicWrite } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';
import { recordEvent } from '../../webhooks/events.ts';
import { trackingSecret } from '../../secrets.ts';
import { decodeListId, verifyTracking } from './tracking.ts';

/**
 * PUT {users}/guests/unsubscribe/{list}/{ref}/{issued}/{signature}?contact_email&contact_id
 * (spec "Calls made", D17). `*` in the list segment unsubscribes the contact from every list. Saying
 * it twice is not an error: the preference simply stays set.
 *
 * The same URL takes a POST of `List-Unsubscribe=One-Click`: RFC 8058's one-click
 * unsubscribe, which mailbox providers send for the List-Unsubscribe header of our emails.
 */
const unsubscribeRoutes: ZodRoutes = async (app) => {
  // Mailbox providers post the one-click body as a form.
  await app.register(formbody);
  const options = {
    schema: { params: unsubscribeParamsSchema, querystring: unsubscribeQuerySchema },
    ...publicWrite(app, () => ({ status: 200, body: ok({ message: messages.preferencesSaved }) })),
  };
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/guests/unsubscribe/:list/:ref/:issued/:signature',
      ...options,
      handler: async (request, reply) => {
        const { params: parts } = request;
        const { contact_email: email, contact_id: contactId } = request.query;
        const secret = await trackingSecret(app, app.config);
        if (!verifyTracking(secret, parts, contactId, email)) {
          return reply.code(403).send(failure(serviceMessages.badTrackingLink));
        }
        if (!(await app.contacts.matches(contactId, email)))
          return reply.code(404).send(failure('No such subscriber.'));
        const listId = parts.list === allListsSegment ? null : decodeListId(parts.list);
        if (
          parts.list !== allListsSegment &&
          (listId === null || !(await app.memberships.isMember(listId, contactId)))
        ) {
          return reply.code(404).send(failure('No such subscription.'));
        }
        await app.db.kysely.transaction().execute(async (trx) => {
          const left = await app.memberships.in(trx).unsubscribe(contactId, listId, new Date());
          for (const list of left) {
            await recordEvent(app, trx, app.config, 'newsletter.unsubscribed', {
              email,
              contact_id: contactId,
              list_id: list,
            });
          }
        });
        app.deliverWebhooks();
        return reply.send(ok({ message: messages.preferencesSaved }));
      },
    });
  }
};
export default unsubscribeRoutes;
