import type { FastifyInstance } from 'fastify';

/** The sales service (spec §7). Its endpoints arrive with their feature issues. */
export default async function salesService(_app: FastifyInstance) {}
