import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/index.ts';
import { mintConfirmationToken } from '../../src/services/users/consent.ts';
import { trackingSecret } from '../../src/secrets.ts';
import { mintTrackingId } from '../../src/services/users/tracking.ts';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import { exitCode, freePort, spawnServer } from '@growmail/test-support/process';
import { startWebhookReceiver, webhookSecret } from '@growmail/test-support/webhook-receiver';
import { dataAccess } from '../../src/repositories/index.ts';

const run = promisify(execFile);
const webhooksCli = fileURLToPath(new URL('../../src/cli/webhooks.ts', import.meta.url));

const person = (n: string) => ({ firstname: 'Ngozi', lastname: `Okafor ${n}`, company_name: `Kola ${n}` });
const demo = (n: string) => ({
  type: 'demo',
  metadata: {
    type: 'demo',
    ...person(n),
    email: `demo${n}@kola.example`,
    phone_number: '0803 000 0000',
    subscribers: '0:100K',
  },
});
const startup = (n: string) => ({
  type: 'startup',
  metadata: {
    type: 'startup',
    ...person(n),
    email: `startup${n}@kola.example`,
    phone_number: '0803 000 0000',
    user_count: '10:50K',
    annual_budget: '1K:5K',
  },
});
const savings = (n: string) => ({
  type: 'savings',
  metadata: {
    type: 'savings',
    email: `savings${n}@kola.example`,
    contact_count: 3000,
    current_cost: 5000,
    savings: 1200,
    services: { campaign: true, automation: false, transactional: false, push: false },
  },
});
const enquiry = (n: string) => ({
  fullname: `Amina Hassan ${n}`,
  email: `enquiry${n}@kola.example`,
  subject: 'Pricing',
  body: `Question ${n}`,
});

describe.each(await testDatabases())('signed webhooks on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    db = await open();
    app = await testApp(
      {
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: webhookSecret,
        WEBHOOK_MAX_ATTEMPTS: '4',
        RATE_LIMIT_PER_MINUTE: '100',
      },
      { db, webhooks: { pollMs: 30, retryBaseMs: 20 } },
    );
  });
  afterEach(() => receiver.answer(204));
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  const eventRow = async (leadId: string) =>
    (await dataAccess(db).webhooks.all()).find((row) => row.payload.includes(leadId))!;
  const submit = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(201);
    return response.json().payload.id as string;
  };

  it('posts lead.created for every lead form, signed so the standardwebhooks package verifies it', async () => {
    const ids = {
      demo: await submit('/services/users/demos', demo('a')),
      enquiry: await submit('/services/users/guests/enquiry', enquiry('a')),
      startup: await submit('/services/sales/leads', startup('a')),
      savings: await submit('/services/sales/leads', savings('a')),
    };
    for (const [form, id] of Object.entries(ids)) {
      await expect.poll(() => receiver.accepted.find((event) => event.data.lead_id === id)).toBeTruthy();
      const event = receiver.accepted.find((item) => item.data.lead_id === id)!;
      expect(event).toMatchObject({ type: 'lead.created', data: { form, email: `${form}a@kola.example` } });
      expect(event.id).toMatch(/^msg_/);
      expect(Date.parse(event.timestamp)).toBeGreaterThan(Date.now() - 60_000);
      // The receiver answers before the server records the delivery.
      await expect.poll(async () => (await eventRow(id)).delivered_at).not.toBeNull();
    }
    expect(receiver.unverified).toEqual([]);
  });

  it('sends newsletter.confirmed when a subscriber confirms, and newsletter.unsubscribed when they leave', async () => {
    const email = 'reader@kola.example';
    const capture = await app.inject(`/services/users/api/contacts/gm_site_public_dev/capture/?email=${email}`);
    expect(capture.statusCode).toBe(200);
    expect(receiver.accepted.some((event) => event.data.email === email)).toBe(false); // pending is not an event
    const contact = (await dataAccess(db).contacts.all()).find((row) => row.email === email)!;
    const secret = await trackingSecret(dataAccess(db), app.config);
    const token = mintConfirmationToken(secret, 'newsletter', contact.id, email, new Date());
    const confirm = await app.inject({ method: 'POST', url: '/services/users/newsletter/confirm', payload: { token } });
    expect(confirm.statusCode).toBe(200);
    await expect
      .poll(() =>
        receiver.accepted.find((event) => event.type === 'newsletter.confirmed' && event.data.email === email),
      )
      .toMatchObject({ data: { contact_id: contact.id, list_id: 'newsletter' } });

    const query = new URLSearchParams({ contact_email: email, contact_id: contact.id });
    const tracking = mintTrackingId(secret, 'newsletter', contact.id, email).split('.').join('/');
    const leave = await app.inject({ method: 'PUT', url: `/services/users/guests/unsubscribe/${tracking}?${query}` });
    expect(leave.statusCode).toBe(200);
    await expect
      .poll(() =>
        receiver.accepted.filter((event) => event.type === 'newsletter.unsubscribed' && event.data.email === email),
      )
      .toHaveLength(1);
    // Saying it again changes nothing, so it sends nothing.
    await app.inject({ method: 'PUT', url: `/services/users/guests/unsubscribe/${tracking}?${query}` });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      receiver.accepted.filter((event) => event.type === 'newsletter.unsubscribed' && event.data.email === email),
    ).toHaveLength(1);
  });

  it('retries a receiver that fails three times, and it gets the event exactly once as a success', async () => {
    let calls = 0;
    receiver.answer(() => (++calls <= 3 ? 500 : 204));
    const id = await submit('/services/users/demos', demo('retry'));
    await expect.poll(async () => (await eventRow(id)).delivered_at, { timeout: 5000 }).not.toBeNull();
    const row = await eventRow(id);
    expect(row.attempts).toBe(4);
    expect(receiver.attempts.filter((attempt) => attempt.id === row.id).map((attempt) => attempt.status)).toEqual([
      500, 500, 500, 204,
    ]);
    expect(receiver.accepted.filter((event) => event.id === row.id)).toHaveLength(1);
  });

  it('marks an event failed after its four attempts, and keeps it', async () => {
    receiver.answer(503);
    const id = await submit('/services/users/demos', demo('down'));
    await expect.poll(async () => (await eventRow(id)).failed_at, { timeout: 5000 }).not.toBeNull();
    const row = await eventRow(id);
    expect(row.attempts).toBe(4);
    expect(row.delivered_at).toBeNull();
    expect(row.last_error).toContain('503');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(receiver.attempts.filter((attempt) => attempt.id === row.id)).toHaveLength(4);
  });

  it('writes no event when the submission is not stored', async () => {
    const before = (await dataAccess(db).webhooks.all()).length;
    const bad = await app.inject({
      method: 'POST',
      url: '/services/users/demos',
      payload: { type: 'demo', metadata: {} },
    });
    expect(bad.statusCode).toBe(400);
    const after = (await dataAccess(db).webhooks.all()).length;
    expect(after).toBe(before);
  });
});

describe('webhooks when WEBHOOK_URL is unset', () => {
  it('stores no events, and the forms work as before', async () => {
    const app = await testApp();
    try {
      const response = await app.inject({ method: 'POST', url: '/services/users/demos', payload: demo('off') });
      expect(response.statusCode).toBe(201);
      const rows = await app.webhooks.all();
      expect(rows).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('npm run webhooks, and a crash between accepting and delivering', () => {
  it(
    'keeps an event through kill -9 and delivers it after restart; replay --failed sends a failed one once fixed',
    { timeout: 90_000 },
    async () => {
      const receiver = await startWebhookReceiver();
      const dir = mkdtempSync(join(tmpdir(), 'gm-webhooks-'));
      const env = {
        DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: webhookSecret,
        WEBHOOK_MAX_ATTEMPTS: '2',
        LOG_LEVEL: 'info',
      };
      try {
        // The receiver is down when the lead arrives: the server answers 201 and the event waits.
        receiver.answer(503);
        const port = await freePort();
        const first = spawnServer({ ...env, PORT: String(port) });
        await first.waitFor('Server listening');
        const response = await fetch(`http://127.0.0.1:${port}/services/users/demos`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(demo('crash')),
        });
        expect(response.status).toBe(201);
        const leadId = ((await response.json()) as { payload: { id: string } }).payload.id;
        await first.waitFor('webhook deliveries failed; will retry');
        first.child.kill('SIGKILL');
        await exitCode(first.child);
        expect(receiver.accepted).toEqual([]);

        // A new process on the same database delivers it once the receiver is back.
        receiver.answer(204);
        const secondPort = await freePort();
        const second = spawnServer({ ...env, PORT: String(secondPort) });
        try {
          await second.waitFor('Server listening');
          await expect
            .poll(() => receiver.accepted.filter((event) => event.data.lead_id === leadId), {
              timeout: 30_000,
              interval: 200,
            })
            .toHaveLength(1);

          // A receiver that stays down: the event fails after its two attempts and is kept.
          receiver.answer(500);
          const failing = await fetch(`http://127.0.0.1:${secondPort}/services/users/demos`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(demo('failing')),
          });
          expect(failing.status).toBe(201);
          await second.waitFor('webhook events failed for good', 30_000);
        } finally {
          second.child.kill('SIGTERM');
          await exitCode(second.child);
        }
        const db = openDatabase(env.DATABASE_URL);
        try {
          const failed = (await dataAccess(db).webhooks.all()).filter((row) => row.failed_at !== null);
          expect(failed).toHaveLength(1);
        } finally {
          await db.close();
        }

        const cli = (...args: string[]) =>
          run(process.execPath, [webhooksCli, ...args], { env: { ...process.env, ...env } });
        const listed = await cli('list', '--failed');
        expect(listed.stdout).toMatch(/msg_\S+ {2}lead\.created .* failed after 2 {2}the receiver answered 500/);

        receiver.answer(204);
        const replayed = await cli('replay', '--failed');
        expect(replayed.stdout).toContain('Replayed 1: 1 delivered, 0 failed.');
        expect(receiver.accepted.filter((event) => event.data.email === 'demofailing@kola.example')).toHaveLength(1);
        expect((await cli('list', '--failed')).stdout).toBe('');
        expect(receiver.unverified).toEqual([]);
      } finally {
        await receiver.close();
      }
    },
  );
});
