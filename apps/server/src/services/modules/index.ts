import { modulesPayload, type Catalogue } from '@growmail/contracts/catalogue';
import { ok } from '@growmail/contracts/api';
import type { FastifyInstance } from 'fastify';

/**
 * The modules service (spec "Calls made", D13): the pricing catalogue of the version of the site
 * being served (D45), so a published price is answered by every server with the pages that show
 * it, and the pricing island's refresh never disagrees with the page it refreshes. The catalogue
 * was checked when its version was built and again when it was loaded; it needs no database.
 */
export default async function modulesService(app: FastifyInstance) {
  const bodies = new WeakMap<Catalogue, string>();
  app.get('/modules', async (_request, reply) => {
    const catalogue = app.site.catalogue;
    let body = bodies.get(catalogue);
    if (body === undefined) {
      body = JSON.stringify(ok(modulesPayload(catalogue)));
      bodies.set(catalogue, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
