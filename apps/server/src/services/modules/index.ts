import { modulesPayload } from '@growmail/contracts/catalogue';
import { ok } from '@growmail/contracts/api';
import type { FastifyInstance } from 'fastify';
import { loadCatalogue } from './catalogue.ts';

/**
 * The modules service (spec "Calls made", D13): the pricing catalogue, read and checked once at
 * start-up so a bad edit stops the server instead of breaking the pricing section later.
 */
export default async function modulesService(app: FastifyInstance, options: { cataloguePath?: string }) {
  const catalogue = await loadCatalogue(options.cataloguePath);
  const body = JSON.stringify(ok(modulesPayload(catalogue)));

  app.get('/modules', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
