import type { FastifyInstance } from 'fastify';
import contactsApi from './contacts-api.ts';

/** The users service (spec §7). Its endpoints arrive with their feature issues. */
export default async function usersService(app: FastifyInstance) {
  await app.register(contactsApi);
}
