import type { FastifyInstance } from 'fastify';

/** The users service (spec §7). Its endpoints arrive with their feature issues. */
export default async function usersService(_app: FastifyInstance) {}
