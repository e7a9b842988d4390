import { failure, ok, type Health } from '@growmail/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import messaging from './messaging/index.ts';
import modules from './modules/index.ts';
import sales from './sales/index.ts';
import users from './users/index.ts';
import { useServiceErrors } from './errors.ts';

/**
 * The guest services of spec §7 under /services (D14). Each keeps the spec's paths beneath
 * its prefix, so pointing a base URL at another host needs no change in the site.
 */
export default async function services(app: FastifyInstance) {
  useServiceErrors(app);

  app.get('/health', async (_request, reply) => {
    await sql`select 1`.execute(app.db.kysely);
    const health: Health = { status: 'ok', database: app.db.dialect };
    return reply.header('cache-control', 'no-store').send(ok(health));
  });

  await app.register(modules, { prefix: '/modules' });
  await app.register(users, { prefix: '/users' });
  await app.register(sales, { prefix: '/sales' });
  await app.register(messaging, { prefix: '/messaging' });

  // Claims the rest of /services from the site's catch-all, so unknown endpoints answer JSON 404.
  app.all('/*', async (_request, reply) => reply.code(404).send(failure('Not found.')));
}
