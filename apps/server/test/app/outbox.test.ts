import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { testApp } from '../../../../tests/support/app.ts';
import { testDatabases } from '../../../../tests/support/databases.ts';
import { startSmtp } from '../../../../tests/support/smtp.ts';

const demo = {
  type: 'demo',
  metadata: {
    type: 'demo',
    firstname: 'Katherine',
    lastname: 'Johnson',
    company_name: 'Orbit Analytics',
    email: 'katherine@orbit.example',
    phone_number: '+1 202 555 0143',
    subscribers: '1M:5M',
  },
};

describe.each(await testDatabases())('lead notifications on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    db = await open();
    app = await testApp(
      { SMTP_URL: smtp.url, SALES_INBOX: 'sales@example.com', MAIL_FROM: 'site@example.com' },
      { db, outbox: { pollMs: 50, retryBaseMs: 40 } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const outboxRow = (leadId: string) =>
    db.kysely.selectFrom('outbox').selectAll().where('message', 'like', `%${leadId}%`).executeTakeFirstOrThrow();

  it('emails sales about a demo request through SMTP', async () => {
    const response = await app.inject({ method: 'POST', url: '/services/users/demos', payload: demo });
    expect(response.statusCode).toBe(201);
    const id = response.json().payload.id as string;
    await expect.poll(() => smtp.received.find((mail) => mail.raw.includes(id)), { timeout: 5000 }).toBeTruthy();
    const mail = smtp.received.find((item) => item.raw.includes(id))!;
    expect(mail.from).toBe('site@example.com');
    expect(mail.to).toEqual(['sales@example.com']);
    expect(mail.raw).toContain('Subject: New demo lead: Katherine Johnson');
    expect(mail.raw).toContain('Reply-To: katherine@orbit.example');
    expect(mail.raw).toContain('company_name: Orbit Analytics');
    expect(mail.raw).toContain('phone_number: +12025550143');
    await expect.poll(async () => (await outboxRow(id)).sent_at).not.toBeNull();
    expect((await outboxRow(id)).attempts).toBe(1);
  });

  it('sends the newsletter confirmation to the subscriber with RFC 8058 one-click unsubscribe headers', async () => {
    const response = await app.inject(
      '/services/users/api/contacts/gm_site_public_dev/capture/?email=reader%40inbox.example&tags=subscriber',
    );
    expect(response.statusCode).toBe(200);
    await expect
      .poll(() => smtp.received.find((mail) => mail.to.includes('reader@inbox.example')), { timeout: 5000 })
      .toBeTruthy();
    const mail = smtp.received.find((item) => item.to.includes('reader@inbox.example'))!;
    // Long header lines arrive folded (RFC 5322 §2.2.3); unfold them to read each whole.
    const headers = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain('Subject: Confirm your newsletter subscription');
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/services\/users\/guests\/unsubscribe\/.+>\r$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(mail.raw).toContain('/newsletter/confirm?token=');
  });

  it('keeps a mail through an outage and retries with back-off until it is delivered', async () => {
    smtp.failNext(2);
    const enquiry = { fullname: 'Retry Person', email: 'retry@example.com', subject: 'Outage', body: 'Still there?' };
    const response = await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: enquiry });
    expect(response.statusCode).toBe(201);
    const id = response.json().payload.id as string;

    // The first failure is recorded with a later attempt time, not dropped.
    await expect.poll(async () => (await outboxRow(id)).attempts, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    const failed = await outboxRow(id);
    expect(failed.last_error).toContain('Mailbox temporarily unavailable');

    await expect.poll(async () => (await outboxRow(id)).sent_at, { timeout: 10_000 }).not.toBeNull();
    expect((await outboxRow(id)).attempts).toBe(3);
    expect(smtp.received.filter((mail) => mail.raw.includes(id))).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  it('keeps the mail in the outbox until SMTP is configured, then sends it', async () => {
    const [sqlite] = await testDatabases();
    const db = await sqlite!.open();
    const first = await testApp({}, { db: { ...db, close: async () => {} } });
    const response = await first.inject({
      method: 'POST',
      url: '/services/users/guests/enquiry',
      payload: { fullname: 'Later', email: 'later@example.com', subject: 'Queued', body: 'Queued mail' },
    });
    expect(response.statusCode).toBe(201);
    await first.outbox.flush();
    await first.close();
    const pending = await db.kysely.selectFrom('outbox').selectAll().execute();
    expect(pending.map((row) => [row.sent_at, row.attempts])).toEqual([[null, 0]]);

    const smtp = await startSmtp();
    const second = await testApp({ SMTP_URL: smtp.url }, { db, outbox: { pollMs: 50 } });
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
    expect(smtp.received[0]!.raw).toContain('subject: Queued');
    await second.close();
    await smtp.close();
  });
});
