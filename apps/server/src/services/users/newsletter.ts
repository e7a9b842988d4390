import { randomUUID } from 'node:crypto';
import { failure, ok } from '@growmail/contracts/api';
import { newsletterConsentWording, type SubmissionAccepted } from '@growmail/contracts/form-fields';
import { captureParamsSchema, captureQuerySchema, newsletterConfirmSchema } from '@growmail/contracts/forms';
import type { Language } from '@growmail/contracts/language';
import { messages } from '@growmail/contracts/messages';
import { newsletterConsentWordingFr } from '@growmail/contracts/messages-fr';
import { serviceMessages } from '@growmail/contracts/service-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicWrite } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';
import { recordEvent } from '../../webhooks/events.ts';
import { confirmationIntervalMs, confirmationLifetimeMs, confirmationMail, readConfirmationToken } from './consent.ts';
import { trackingSecret } from '../../secrets.ts';
import { requestLanguage } from '../language.ts';

/**
 * The footer newsletter, double opt-in (D23).
 *
 * GET {users}/api/contacts/{api_key}/capture/?source=website-api&email=…&tags=subscriber
 * (spec "Calls made") records the request as pending, with its consent, and queues a confirmation email
 * (at most one a day per address). Only POST {users}/newsletter/confirm, from the page that
 * email links to, subscribes. Every valid call gets the same answer, so nobody learns from it
 * whether an address is subscribed, and nobody can subscribe anyone else.
 *
 * This is also the one way back for a person whose data was erased (D29): a capture for their
 * address is stored as pending like any other, and their confirmation takes the address off
 * the suppression list. A link from before the erasure names a contact that no longer exists.
 */
const newsletterRoutes: ZodRoutes = async (app) => {
  const captureOptions = {
    schema: { params: captureParamsSchema, querystring: captureQuerySchema },
    ...publicWrite(
      app,
      () => ({
        status: 200,
        body: ok<SubmissionAccepted>({ id: randomUUID(), message: serviceMessages.confirmationSent }),
      }),
      'newsletter',
    ),
  };
  for (const path of ['/api/contacts/:api_key/capture', '/api/contacts/:api_key/capture/']) {
    app.get(path, captureOptions, async (request, reply) => {
      if (request.params.api_key !== app.config.siteApiKey)
        return reply.code(403).send(failure(serviceMessages.badApiKey));
      const { email, tags = 'subscriber', page = refererPath(request, app.config.urls.public) } = request.query;
      const tagList = tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      const id = await requestSubscription(app, { email, tags: tagList, page, language: requestLanguage(request) });
      return reply.send(ok<SubmissionAccepted>({ id, message: serviceMessages.confirmationSent }));
    });
  }

  app.post(
    '/newsletter/confirm',
    {
      schema: { body: newsletterConfirmSchema },
      ...publicWrite(app, () => ({ status: 200, body: ok({ message: serviceMessages.subscribed }) })),
    },
    async (request, reply) => {
      const claim = readConfirmationToken(request.body.token);
      const member = claim && (await app.memberships.findForConfirmation(claim.listId, claim.contactId));
      const valid =
        claim &&
        member &&
        Date.now() - claim.issued.getTime() <= confirmationLifetimeMs &&
        claim.check(await trackingSecret(app, app.config), member.email) &&
        // A link from before an unsubscribe cannot take it back; a new request sends a new link.
        !(member.unsubscribed_at && Date.parse(member.unsubscribed_at) > claim.issued.getTime());
      if (!valid) return reply.code(403).send(failure(messages.badConfirmationLink));
      if (member.status !== 'subscribed') {
        await app.db.kysely.transaction().execute(async (trx) => {
          await app.memberships.in(trx).confirm(claim.listId, claim.contactId, new Date());
          // Their own opt-in, confirmed from their inbox, outweighs an earlier erasure (D29).
          await app.suppressions.in(trx).lift(member.email);
          const data = { email: member.email, contact_id: claim.contactId, list_id: claim.listId };
          await recordEvent(app, trx, app.config, 'newsletter.confirmed', data);
        });
        app.deliverWebhooks();
      }
      return reply.send(ok({ message: serviceMessages.subscribed }));
    },
  );
};
export default newsletterRoutes;

/**
 * Records a request to join the newsletter as pending, with its consent, and queues a
 * confirmation email unless one went to this address in the last day; all in one
 * transaction. Returns the contact's id.
 */
async function requestSubscription(
  app: FastifyInstance,
  request: { email: string; tags: string[]; page: string | null; language: Language },
): Promise<string> {
  const listId = app.config.audienceId;
  const secret = await trackingSecret(app, app.config);
  const now = new Date();
  const id = await app.db.kysely.transaction().execute(async (trx) => {
    const contactId = await app.contacts.in(trx).findOrCreate(request.email);
    const memberships = app.memberships.in(trx);
    await memberships.ensureList(listId, 'Newsletter');
    const wording = request.language === 'fr' ? newsletterConsentWordingFr : newsletterConsentWording;
    const consent = { tags: request.tags, page: request.page, wording, at: now, language: request.language };
    const before = await memberships.request(listId, contactId, consent);
    if (before?.status === 'subscribed') return contactId;
    const lastSent = before?.confirmation_sent_at ? Date.parse(before.confirmation_sent_at) : 0;
    if (now.getTime() - lastSent >= confirmationIntervalMs) {
      const member = {
        listId,
        contactId,
        email: request.email.toLowerCase(),
        page: request.page,
        language: request.language,
      };
      await app.mail.in(trx).enqueue('newsletter:confirm', confirmationMail(app.config, secret, member, now));
      await memberships.markConfirmationSent(listId, contactId, now);
    }
    return contactId;
  });
  app.outbox.nudge();
  return id;
}

/** The path of the page the request came from, when it came from this site. */
function refererPath(request: FastifyRequest, publicUrl: string): string | null {
  const referer = URL.parse(request.headers.referer ?? '');
  return referer && referer.origin === new URL(publicUrl).origin ? referer.pathname.slice(0, 300) : null;
}
