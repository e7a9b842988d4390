import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rounds } from '../lib/rounds.ts';
import { pruneExpired } from '../people/retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a housekeeping round now; resolves when it is done. */
    housekeeping: () => Promise<void>;
  }
}

/**
 * Deletes what the site keeps only for a while (`people/retention.ts`, as the privacy page
 * states it), at start and then hourly, in batches that never hold a lock for long. Every
 * server runs it; the deletes are idempotent. Closing the app ends a round between batches.
 */
async function housekeeping(app: FastifyInstance, options: { intervalMs?: number }) {
  const loop = rounds(
    async (isClosed) => {
      if (!app.db.status.ready) return;
      const pruned = await pruneExpired(app, new Date(), { stopped: isClosed });
      if (Object.values(pruned).some((count) => count > 0))
        app.log.info(pruned, 'deleted records past their retention');
    },
    (error) => {
      if (!app.db.status.report(error)) app.log.error({ err: error }, 'the housekeeping round failed');
    },
  );
  app.decorate('housekeeping', loop.flush);
  app.addHook('onReady', async () => loop.start(options.intervalMs ?? 60 * 60 * 1000));
  app.addHook('onClose', () => loop.stop());
}

export default fp(housekeeping, { name: 'housekeeping', dependencies: ['config', 'repositories'] });
