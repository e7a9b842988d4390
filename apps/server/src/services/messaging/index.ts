import type { FastifyInstance } from 'fastify';

/** The messaging service (spec §7). Its endpoints arrive with their feature issues. */
export default async function messagingService(_app: FastifyInstance) {}
