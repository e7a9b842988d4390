import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { leadReference } from '../../src/submissions/acknowledgement.ts';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import { startSmtp } from '@growmail/test-support/smtp';
import { dataAccess } from '../../src/repositories/index.ts';

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

const savingsLead = (email: string) => ({
  type: 'savings',
  metadata: {
    type: 'savings',
    email,
    contact_count: 1500,
    current_cost: 900,
    savings: 120,
    services: { campaign: true, automation: false, transactional: false, push: false },
  },
});

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

  const outboxRow = async (leadId: string) =>
    (await dataAccess(db).mail.all()).find((row) => row.message.includes(leadId))!;

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

  it('acknowledges an enquiry, a demo request and a startup application to the writer, once an hour', async () => {
    const writer = 'writer@kola.example';
    const enquiry = { fullname: 'Amina Hassan', email: writer, subject: 'Prices', body: 'What does Growth cost?' };
    const first = await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: enquiry });
    expect(first.statusCode).toBe(201);
    const reference = leadReference(first.json().payload.id as string);
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes(writer)), { timeout: 5000 })
      .toHaveLength(1);
    const mail = smtp.received.find((item) => item.to.includes(writer))!;
    expect(mail.raw).toContain(`Subject: We received your message (${reference})`);
    expect(mail.raw).toContain(`Your reference is ${reference}.`);
    expect(mail.raw).not.toContain('What does Growth cost?'); // nothing the visitor typed

    // Within the hour, more submissions from the same address bring no more acknowledgements.
    const demoAgain = { ...demo, metadata: { ...demo.metadata, email: writer.toUpperCase() } };
    const second = await app.inject({ method: 'POST', url: '/services/users/demos', payload: demoAgain });
    expect(second.statusCode).toBe(201);
    await expect
      .poll(() => smtp.received.some((item) => item.raw.includes(second.json().payload.id)), { timeout: 5000 })
      .toBe(true);
    expect(smtp.received.filter((item) => item.to.includes(writer))).toHaveLength(1);
    const acks = (await dataAccess(db).mail.all()).filter((row) => row.topic === `ack:${writer}`);
    expect(acks).toHaveLength(1);
  });

  it('does not acknowledge a savings lead, nor a submission the honeypot caught', async () => {
    const trapped = {
      ...demo,
      metadata: { ...demo.metadata, email: 'bot@kola.example' },
      homepage: 'http://spam.example',
    };
    expect((await app.inject({ method: 'POST', url: '/services/users/demos', payload: trapped })).statusCode).toBe(201);
    // A savings lead: it brings no acknowledgement.
    const savings = savingsLead('saver@kola.example');
    expect((await app.inject({ method: 'POST', url: '/services/sales/leads', payload: savings })).statusCode).toBe(201);
    const rows = (await dataAccess(db).mail.all()).filter((row) =>
      ['ack:bot@kola.example', 'ack:saver@kola.example'].includes(row.topic),
    );
    expect(rows).toEqual([]);
  });

  it('keeps a mail through an outage and retries with back-off until it is delivered', async () => {
    await app.outbox.flush(); // what earlier tests queued goes first, so the failures meet this mail
    smtp.failNext(2);
    // A savings lead: it brings no acknowledgement.
    const savings = savingsLead('retry@example.com');
    const response = await app.inject({ method: 'POST', url: '/services/sales/leads', payload: savings });
    expect(response.statusCode).toBe(201);
    const id = response.json().payload.id as string;

    // The first failure is recorded with a later attempt time, not dropped.
    await expect.poll(async () => (await outboxRow(id)).attempts, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    const failed = await outboxRow(id);
    expect(failed.last_error).toContain('Mailbox temporarily unavailable');

    await expect.poll(async () => (await outboxRow(id)).sent_at, { timeout: 10_000 }).not.toBeNull();
    expect((await outboxRow(id)).attempts).toBe(3);
    expect(smtp.received.filter((mail) => mail.raw.includes('Reply-To: retry@example.com'))).toHaveLength(1);
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
    const pending = (await dataAccess(db).mail.all()).sort((a, b) => (a.topic < b.topic ? -1 : 1));
    expect(pending.map((row) => [row.topic, row.sent_at, row.attempts])).toEqual([
      ['ack:later@example.com', null, 0],
      ['lead:enquiry', null, 0],
    ]);

    const smtp = await startSmtp();
    const second = await testApp({ SMTP_URL: smtp.url }, { db, outbox: { pollMs: 50 } });
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(2);
    expect(smtp.received.find((mail) => mail.to.includes('sales@growmail.io'))!.raw).toContain('subject: Queued');
    await second.close();
    await smtp.close();
  });
});

describe('a backlog larger than one batch', () => {
  it('is sent in one round, batch after batch, rather than one batch a poll', async () => {
    const [sqlite] = await testDatabases();
    const db = await sqlite!.open();
    await db.kysely.transaction().execute(async (trx) => {
      for (let n = 0; n < 10; n++) {
        await dataAccess(db)
          .mail.in(trx)
          .enqueue(`test:${n}`, { to: `reader${n}@example.com`, subject: `Backlog ${n}`, text: 'Queued' });
      }
    });
    const smtp = await startSmtp();
    // A poll a minute away: only the round started at ready, and this flush, may send.
    const app = await testApp({ SMTP_URL: smtp.url }, { db, outbox: { pollMs: 60_000, batchSize: 3 } });
    await app.outbox.flush();
    expect(smtp.received).toHaveLength(10);
    // Each carries its row's id as Message-ID, so a resend after a crash is the same message.
    const rows = await dataAccess(db).mail.all();
    const messageIds = smtp.received.map((mail) => /^Message-ID: <([^@>]+)@growmail\.io>/im.exec(mail.raw)?.[1]);
    expect(messageIds.sort()).toEqual(rows.map((row) => row.id).sort());
    await app.close();
    await smtp.close();
  });
});
