import { failure } from '@growmail/contracts/api';
import { serviceMessages } from '@growmail/contracts/service-messages';
import type { FastifyInstance } from 'fastify';
import health from './health.ts';
import messaging from './messaging/index.ts';
import modules from './modules/index.ts';
import sales from './sales/index.ts';
import users from './users/index.ts';
import { requireDatabase, useServiceErrors } from './errors.ts';
import { answerInRequestLanguage } from './language.ts';

/**
 * The guest services of spec "Calls made" under /services (D14). Each keeps the spec's paths beneath
 * its prefix, so pointing a base URL at another host needs no change in the site.
 */
export default async function services(app: FastifyInstance) {
  useServiceErrors(app, app.db.status);
  answerInRequestLanguage(app);
  // No cache, shared or private, may keep a service answer: they are writes, or per-visitor, or
  // must change the moment the server does; the newsletter capture is even a GET that a CDN
  // would otherwise answer from cache without storing anything. One rule for the whole prefix,
  // so a new endpoint cannot forget it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(health, { prefix: '/health' });

  // The catalogue is read from a file at start: pricing works with the database down.
  await app.register(modules, { prefix: '/modules' });
  await app.register(async (needsDatabase) => {
    needsDatabase.addHook('onRequest', requireDatabase(app));
    await needsDatabase.register(users, { prefix: '/users' });
    await needsDatabase.register(sales, { prefix: '/sales' });
    await needsDatabase.register(messaging, { prefix: '/messaging' });
  });

  // Claims the rest of /services from the site's catch-all, so unknown endpoints answer JSON 404.
  app.all('/*', async (_request, reply) => reply.code(404).send(failure(serviceMessages.notFound)));
}
