import { serviceMessages } from '@growmail/contracts/service-messages';
import { serviceMessagesFr } from '@growmail/contracts/service-messages-fr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { createSchema, postgresUrl, testDatabases } from '@growmail/test-support/databases';
import { startTcpProxy } from '@growmail/test-support/tcp-proxy';

const enquiry = { fullname: 'Ada Lovelace', email: 'ada@example.com', subject: 'Outage', body: 'Are you there?' };

/**
 * The app started while its PostgreSQL is unreachable (D26): pages and pricing are served,
 * the services that need the database answer 503 until it answers, then work, with no restart.
 */
describe.runIf((await testDatabases()).some((database) => database.name === 'postgres'))(
  'the server without its database',
  () => {
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let app: Awaited<ReturnType<typeof testApp>>;
    let schema: Awaited<ReturnType<typeof createSchema>>;
    beforeAll(async () => {
      schema = await createSchema('outage');
      const target = new URL(postgresUrl);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, { open: false });
      const url = new URL(schema.url);
      url.port = String(proxy.port);
      app = await testApp({ DATABASE_URL: url.toString(), RATE_LIMIT_PER_MINUTE: '1000' });
    });
    afterAll(async () => {
      await app?.close();
      await proxy?.close();
      await schema?.drop();
    });

    it('starts, serves every page and the catalogue, and answers its services 503 with Retry-After', async () => {
      for (const url of ['/', '/pricing', '/demo', '/products/campaign', '/services/modules/modules']) {
        expect((await app.inject(url)).statusCode, url).toBe(200);
      }
      const write = await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: enquiry });
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toBe('30');
      expect(write.json()).toEqual({ error: serviceMessages.serviceUnavailable, payload: null });
      const health = await app.inject('/services/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ error: 'The database (postgres) is unavailable.', payload: null });
    });

    it('says so in French to a French visitor, with JavaScript or without (D37)', async () => {
      const write = await app.inject({
        method: 'POST',
        url: '/services/users/guests/enquiry',
        payload: enquiry,
        headers: { 'accept-language': 'fr' },
      });
      expect(write.statusCode).toBe(503);
      expect(write.json()).toEqual({ error: serviceMessagesFr.serviceUnavailable, payload: null });
      const post = await app.inject({
        method: 'POST',
        url: '/contact',
        payload: new URLSearchParams({ form_name: 'enquiry', ...enquiry, language: 'fr' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(post.statusCode).toBe(503);
      expect(post.body).toContain('Nous ne pouvons pas traiter de demande pour le moment.');
    });

    it('migrates when the database answers, and takes the same write without a restart', async () => {
      proxy.restore();
      await expect.poll(async () => (await app.inject('/services/health')).statusCode, { timeout: 15_000 }).toBe(200);
      const write = await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: enquiry });
      expect(write.statusCode).toBe(201);
    });
  },
);
