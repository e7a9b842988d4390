import type { FastifyInstance } from 'fastify';
import webPushKey from './web-push-key.ts';
import webPushWebhook from './web-push-webhook.ts';

/** The messaging service (spec "Calls made"): web push's public key and the service worker's webhook. */
export default async function messagingService(app: FastifyInstance) {
  await app.register(webPushKey);
  await app.register(webPushWebhook);
}
