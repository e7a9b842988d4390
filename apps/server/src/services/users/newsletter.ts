import { randomUUID } from 'node:crypto';
import {
  captureQuerySchema,
  failure,
  messages,
  newsletterConfirmSchema,
  newsletterConsentWording,
  ok,
  type SubmissionAccepted,
} from '@growmail/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { enqueueMail } from '../../outbox/index.ts';
import { publicWrite } from '../../plugins/protection.ts';
import { confirmationIntervalMs, confirmationLifetimeMs, confirmationMail, readConfirmationToken } from './consent.ts';
import { ensureList, findOrCreateContact } from './contacts.ts';
import { trackingSecret } from './tracking.ts';

type CaptureQuery = z.infer<typeof captureQuerySchema>;
type ConfirmBody = z.infer<typeof newsletterConfirmSchema>;

/**
 * The footer newsletter, double opt-in (D23).
 *
 * GET {users}/api/contacts/{api_key}/capture/?source=website-api&email=…&tags=subscriber
 * (spec §7) records the request as pending, with its consent, and queues a confirmation email
 * (at most one a day per address). Only POST {users}/newsletter/confirm, from the page that
 * email links to, subscribes. Every valid call gets the same answer, so nobody learns from it
 * whether an address is subscribed, and nobody can subscribe anyone else.
 */
export default async function newsletterRoutes(app: FastifyInstance) {
  const captureOptions = {
    schema: { querystring: captureQuerySchema },
    ...publicWrite(app, () => ({
      status: 200,
      body: ok<SubmissionAccepted>({ id: randomUUID(), message: messages.confirmationSent }),
    })),
  };
  const capture = async (request: FastifyRequest, reply: FastifyReply) => {
    const { api_key: apiKey } = request.params as { api_key: string };
    if (apiKey !== app.config.siteApiKey) return reply.code(403).send(failure(messages.badApiKey));
    const query = request.query as CaptureQuery;
    const listId = app.config.audienceId;
    const tags = (query.tags ?? 'subscriber')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    const page = query.page ?? refererPath(request, app.config.urls.public);
    const secret = await trackingSecret(app.db, app.config);
    const now = new Date();
    const id = await app.db.kysely.transaction().execute(async (trx) => {
      const contactId = await findOrCreateContact(trx, query.email);
      await ensureList(trx, listId, 'Newsletter');
      const membership = await trx
        .selectFrom('list_memberships')
        .select(['tags', 'status', 'confirmation_sent_at'])
        .where('list_id', '=', listId)
        .where('contact_id', '=', contactId)
        .executeTakeFirst();
      const known = membership ? (JSON.parse(membership.tags) as string[]) : [];
      const consent = {
        tags: JSON.stringify([...new Set([...known, ...tags])]),
        consent_requested_at: now.toISOString(),
        consent_page: page,
        consent_wording: newsletterConsentWording,
      };
      if (membership?.status === 'subscribed') return contactId;
      if (!membership) {
        await trx
          .insertInto('list_memberships')
          .values({
            list_id: listId,
            contact_id: contactId,
            status: 'pending',
            subscribed_at: now.toISOString(),
            ...consent,
          })
          .execute();
      } else {
        await trx
          .updateTable('list_memberships')
          .set({ status: 'pending', ...consent })
          .where('list_id', '=', listId)
          .where('contact_id', '=', contactId)
          .execute();
      }
      const lastSent = membership?.confirmation_sent_at ? Date.parse(membership.confirmation_sent_at) : 0;
      if (now.getTime() - lastSent >= confirmationIntervalMs) {
        const email = query.email.toLowerCase();
        await enqueueMail(
          trx,
          'newsletter:confirm',
          confirmationMail(app.config, secret, { listId, contactId, email, page }, now),
        );
        await trx
          .updateTable('list_memberships')
          .set({ confirmation_sent_at: now.toISOString() })
          .where('list_id', '=', listId)
          .where('contact_id', '=', contactId)
          .execute();
      }
      return contactId;
    });
    app.outbox.nudge();
    return reply
      .header('cache-control', 'no-store')
      .send(ok<SubmissionAccepted>({ id, message: messages.confirmationSent }));
  };
  app.get('/api/contacts/:api_key/capture', captureOptions, capture);
  app.get('/api/contacts/:api_key/capture/', captureOptions, capture);

  app.post(
    '/newsletter/confirm',
    {
      schema: { body: newsletterConfirmSchema },
      ...publicWrite(app, () => ({ status: 200, body: ok({ message: messages.subscribed }) })),
    },
    async (request, reply) => {
      const { token } = request.body as ConfirmBody;
      const refused = () => reply.code(403).send(failure(messages.badConfirmationLink));
      const claim = readConfirmationToken(token);
      if (!claim || Date.now() - claim.issued.getTime() > confirmationLifetimeMs) return refused();
      const member = await app.db.kysely
        .selectFrom('list_memberships')
        .innerJoin('contacts', 'contacts.id', 'list_memberships.contact_id')
        .select(['contacts.email', 'list_memberships.status', 'list_memberships.unsubscribed_at'])
        .where('list_memberships.list_id', '=', claim.listId)
        .where('list_memberships.contact_id', '=', claim.contactId)
        .executeTakeFirst();
      if (!member || !claim.check(await trackingSecret(app.db, app.config), member.email)) return refused();
      // A link from before an unsubscribe cannot take it back; a new request sends a new link.
      if (member.unsubscribed_at && Date.parse(member.unsubscribed_at) > claim.issued.getTime()) return refused();
      if (member.status !== 'subscribed') {
        const now = new Date().toISOString();
        await app.db.kysely
          .updateTable('list_memberships')
          .set({ status: 'subscribed', confirmed_at: now, subscribed_at: now, unsubscribed_at: null })
          .where('list_id', '=', claim.listId)
          .where('contact_id', '=', claim.contactId)
          .execute();
      }
      return reply.header('cache-control', 'no-store').send(ok({ message: messages.subscribed }));
    },
  );
}

/** The path of the page the request came from, when it came from this site. */
function refererPath(request: FastifyRequest, publicUrl: string): string | null {
  const referer = URL.parse(request.headers.referer ?? '');
  return referer && referer.origin === new URL(publicUrl).origin ? referer.pathname.slice(0, 300) : null;
}
