import { ok, type Health, type Liveness, type Readiness } from '@growmail/contracts/api';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { isUnavailableError } from '../db/index.ts';
import { unavailable } from './errors.ts';

/**
 * Three answers for three askers (see docs/deploy.md):
 * - `/health/live`, for a process manager: the process answers. It touches nothing, so a
 *   database outage never gets a working server restarted.
 * - `/health/ready`, for a load balancer: this server takes traffic. A server without its
 *   database stays in rotation, since it still serves every page (D26) and its siblings share
 *   the same database; from the moment the drain starts every answer, this one included, is a
 *   503 (Fastify's return503OnClosing), which takes the server out.
 * - `/health`, for the operator's monitoring: 200 only when every part works, else 503 naming
 *   the part. It runs a query, so it is no probe to call every second.
 */
export default async function health(app: FastifyInstance) {
  app.get('/', async (_request, reply) => {
    const { dialect, status } = app.db;
    try {
      await sql`select 1`.execute(app.db.kysely);
    } catch (error) {
      if (!isUnavailableError(error)) throw error;
      return unavailable(reply, `The database (${dialect}) is unavailable.`);
    }
    if (!status.ready) return unavailable(reply, `The database (${dialect}) is not migrated yet.`);
    const answer: Health = { status: 'ok', database: dialect };
    return reply.send(ok(answer));
  });

  app.get('/live', async (_request, reply) => {
    const answer: Liveness = { status: 'live' };
    return reply.send(ok(answer));
  });

  // From the status the queries keep, not a query of its own: a probe every second costs nothing.
  app.get('/ready', async (_request, reply) => {
    const { status } = app.db;
    const database = status.down ? 'unavailable' : status.ready ? 'available' : 'migrating';
    // Which published version of the site it serves (D45), `release` for the release's own build.
    const answer: Readiness = { status: 'ready', database, version: app.contentVersion.current() ?? 'release' };
    return reply.send(ok(answer));
  });
}
