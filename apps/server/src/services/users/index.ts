import type { FastifyInstance } from 'fastify';
import demoRoutes from './demos.ts';
import enquiryRoutes from './enquiry.ts';
import newsletterRoutes from './newsletter.ts';
import unsubscribeRoutes from './unsubscribe.ts';

/** The users service (spec §7): the enquiry, the newsletter, email preferences and demo requests. */
export default async function usersService(app: FastifyInstance) {
  await app.register(enquiryRoutes);
  await app.register(newsletterRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(demoRoutes);
}
