import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rounds } from '../lib/rounds.ts';
import { deliverDue, type DeliveryOptions } from './deliver.ts';

export type WebhookOptions = DeliveryOptions & { pollMs?: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks for a delivery round soon; a no-op when webhooks are off. */
    deliverWebhooks: () => void;
  }
}

/**
 * Delivers webhook events in the background, as the outbox sends mail: submissions write
 * their event in their own transaction, and this loop posts what is due, so a receiver that
 * is down delays events but never loses one. Leases keep two servers from posting one event
 * at the same time.
 */
async function webhookPlugin(app: FastifyInstance, options: WebhookOptions) {
  const { webhook } = app.config;
  const sender = rounds(
    async (closed) => {
      if (!webhook || !app.db.status.ready) return;
      const report = await deliverDue(app, webhook, options, closed);
      if (report.retrying + report.failed > 0) app.log.warn(report, 'webhook deliveries failed; will retry');
      if (report.failed > 0)
        app.log.error({ failed: report.failed }, 'webhook events failed for good: npm run webhooks -- list --failed');
    },
    (error) => {
      if (!app.db.status.report(error)) app.log.error({ err: error }, 'the webhook round failed');
    },
  );
  app.decorate('deliverWebhooks', () => {
    if (webhook) sender.nudge();
  });
  if (webhook) app.addHook('onReady', async () => sender.start(options.pollMs ?? 5_000));
  app.addHook('onClose', () => sender.stop());
}

export default fp(webhookPlugin, { name: 'webhooks', dependencies: ['config', 'repositories'] });
