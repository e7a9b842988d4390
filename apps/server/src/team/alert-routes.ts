import { consoleWorkerPath } from '@growmail/contracts/team-alert-device';
import { alertRemovalSchema, alertSubscriptionSchema } from '@growmail/contracts/team-alerts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import type { DataAccess } from '../repositories/index.ts';
import { sendFile } from '../site/send-file.ts';
import { deviceName, turnAlertsOff, turnAlertsOn } from './alert-devices.ts';
import { noticeUrl } from './notices.ts';
import { actorOf, sendProblem } from './pages.ts';

/**
 * A member's alerts on their devices (issue 54): the console's own service worker and app
 * manifest, and the routes that turn alerts on (from the account page's switch, with script) and
 * off (the switch, or a device's Remove button, which works without script).
 */
export function alertRoutes(app: FastifyInstance, data: DataAccess) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  /** The switch posts JSON and reads JSON back; a device's form gets a page. */
  const posted = (request: FastifyRequest) => request.headers['content-type']?.startsWith('application/json') ?? false;
  const jsonAnswer = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).header('cache-control', 'no-store').send(body);

  // Built with the site (apps/site/src/team-worker), served here so that its scope is /team/ and the
  // site's own worker (D39) keeps `/`.
  app.get('/alerts-worker.js', async (request, reply) => {
    const file = app.site.files.get(consoleWorkerPath);
    if (!file) return sendProblem(reply, 404, 'Not found', 'There is no console page at this address.');
    return sendFile(request, reply, app.site, { file, caching: 'no-cache' });
  });

  // Installed from a console page, the app opens the leads, not the site's home page.
  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').send({
      id: '/team/',
      name: 'Growmail team',
      short_name: 'Growmail team',
      start_url: '/team/leads',
      scope: '/team/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#ffffff',
      icons: [
        { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    }),
  );

  const subscriptionBody = alertSubscriptionSchema(config.pushServiceHosts);
  routes.post(
    '/account/alerts',
    { schema: { body: subscriptionBody }, attachValidation: true },
    async (request, reply) => {
      if (!config.vapid)
        return jsonAnswer(reply, 409, {
          error:
            'Alerts are off for the whole console: the server has no web push keys. The sales inbox still gets each lead by mail.',
        });
      if (request.validationError)
        return jsonAnswer(reply, 400, {
          error: 'This browser’s subscription was not one the console can use. Try again, or use another browser.',
        });
      const device = deviceName(request.headers['user-agent']);
      await turnAlertsOn(data, request.body.subscription, device, actorOf(request));
      return jsonAnswer(reply, 201, { device });
    },
  );

  routes.post(
    '/account/alerts/remove',
    { schema: { body: alertRemovalSchema }, attachValidation: true },
    async (request, reply) => {
      const json = posted(request);
      if (request.validationError) {
        if (json) return jsonAnswer(reply, 400, { error: 'The console could not tell which device this is.' });
        return sendProblem(reply, 404, 'Not found', 'You have no device with alerts under this id.');
      }
      const removed = await turnAlertsOff(data, request.body, actorOf(request));
      // The device itself is off either way: its switch asked for a device the console no longer had.
      if (json) return jsonAnswer(reply, 200, { removed });
      if (!removed) return sendProblem(reply, 404, 'Not found', 'You have no device with alerts under this id.');
      return reply.redirect(`${noticeUrl('/team/account', 'account', 'alerts-off')}#notice`, 303);
    },
  );
}
