import type { FastifyInstance } from 'fastify';
import contactsApi from './contacts-api.ts';
import demoRoutes from './demos.ts';
import enquiryRoutes from './enquiry.ts';
import formStampRoutes from './form-stamp.ts';
import newsletterRoutes from './newsletter.ts';
import unsubscribeRoutes from './unsubscribe.ts';

/**
 * The users service (spec "Calls made"): the lead forms' stamps, the enquiry, the newsletter, email preferences, demo requests,
 * and the contacts API the web push SDK saves subscriptions through.
 */
export default async function usersService(app: FastifyInstance) {
  await app.register(formStampRoutes);
  await app.register(enquiryRoutes);
  await app.register(newsletterRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(demoRoutes);
  await app.register(contactsApi);
}
