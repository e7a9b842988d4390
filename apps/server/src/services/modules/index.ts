import type { FastifyInstance } from 'fastify';

/** The modules service (spec §7). Its endpoints arrive with their feature issues. */
export default async function modulesService(_app: FastifyInstance) {}
