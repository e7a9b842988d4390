import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queueReminders } from '../demos/change-booking.ts';
import { rounds } from '../lib/rounds.ts';
import { dataAccess } from '../repositories/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues the demo reminders due now; resolves when the round is done. */
    demoReminders: () => Promise<void>;
  }
}

/**
 * The reminder a day before each demo (D32): every server looks every five minutes, and each
 * reminder is claimed by one of them (`queueReminders`), then sent by the outbox.
 */
async function demoReminders(app: FastifyInstance, options: { intervalMs?: number }) {
  const loop = rounds(
    async () => {
      if (!app.db.status.ready) return;
      const queued = await queueReminders(dataAccess(app.db), app.config, new Date());
      if (queued > 0) {
        app.log.info({ queued }, 'demo reminders queued');
        app.outbox.nudge();
      }
    },
    (error) => {
      if (!app.db.status.report(error)) app.log.error({ err: error }, 'the demo reminder round failed');
    },
  );
  app.decorate('demoReminders', loop.flush);
  app.addHook('onReady', async () => loop.start(options.intervalMs ?? 5 * 60 * 1000));
  app.addHook('onClose', () => loop.stop());
}

export default fp(demoReminders, { name: 'demo-reminders', dependencies: ['config', 'repositories', 'outbox'] });
