import { randomUUID } from 'node:crypto';
import { idempotencyMessages } from '@growmail/contracts/idempotency';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serversOnEachDatabase } from '@growmail/test-support/servers';
import { startSmtp } from '@growmail/test-support/smtp';
import { demoRequest, enquiry } from '@growmail/test-support/submissions';

const sales = 'sales@growmail.test';
const env = { SALES_INBOX: sales, MAIL_FROM: 'site@growmail.test', RATE_LIMIT_PER_MINUTE: '1000' };
const quick = { outbox: { pollMs: 50 } };

/** Three servers on one database. */
const stores = await serversOnEachDatabase(3, 'idempotency', quick);

describe.each(stores)('one submission per idempotency key, three servers on $name (D39)', ({ create }) => {
  let servers: FastifyInstance[];
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    ({ servers, drop } = await create({ ...env, SMTP_URL: smtp.url }));
    await Promise.all(servers.map((server) => server.ready()));
  }, 30_000);
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.close()));
    await drop?.();
    await smtp?.close();
  });

  const server = (n: number) => servers[n % 3]!;
  const postJson = (n: number, url: string, body: unknown, key?: string) =>
    server(n).inject({
      method: 'POST',
      url,
      payload: body as Record<string, unknown>,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const leadsOf = async (email: string) => (await server(0).leads.list({})).filter((lead) => lead.email === email);
  const salesMailsAbout = (email: string) =>
    smtp.received.filter((mail) => mail.to.includes(sales) && mail.raw.includes(email));
  /** Past the minute in which the same content collapses without a key: what a replay from the device meets. */
  const pastTheMinute = () => server(0).db.kysely.deleteFrom('submissions').execute();
  const outboxDrained = async () => {
    await expect
      .poll(
        async () =>
          (await server(0).db.kysely.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute()).length,
        { timeout: 10_000 },
      )
      .toBe(0);
  };

  it('stores one lead and mails sales once for every try of one key, at once and later, on any server', async () => {
    const key = randomUUID();
    const email = `keyed-${key.slice(0, 8)}@example.com`;
    const body = { ...enquiry, email };
    const first = await Promise.all([0, 1, 2].map((n) => postJson(n, '/services/users/guests/enquiry', body, key)));
    await pastTheMinute();
    const later = await postJson(1, '/services/users/guests/enquiry', body, key);

    const answers = [...first, later];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().payload.id)).size).toBe(1);
    expect(await leadsOf(email)).toHaveLength(1);
    await outboxDrained();
    expect(salesMailsAbout(email)).toHaveLength(1);
  });

  it('refuses the same key with other content, and stores nothing for it', async () => {
    const key = randomUUID();
    const email = `changed-${key.slice(0, 8)}@example.com`;
    expect((await postJson(0, '/services/users/guests/enquiry', { ...enquiry, email }, key)).statusCode).toBe(201);

    const other = `other-${key.slice(0, 8)}@example.com`;
    const refused = await postJson(1, '/services/users/guests/enquiry', { ...enquiry, email: other }, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: idempotencyMessages.reused, payload: null });
    // The key belongs to one endpoint too: the same key for another form is another submission.
    const elsewhere = await postJson(2, '/services/users/demos', demoRequest, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await leadsOf(other)).toEqual([]);
  });

  it('answers a malformed key with a 400 that names it, and stores nothing', async () => {
    const email = 'malformed-key@example.com';
    const answer = await postJson(0, '/services/users/guests/enquiry', { ...enquiry, email }, 'short');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toContain(idempotencyMessages.invalid);
    expect(await leadsOf(email)).toEqual([]);
  });

  it('checks the key before the demo slot: a replay after the slot is taken gets the first answer', async () => {
    const page = await server(0).inject('/demo');
    const slot = parse(page.body)
      .querySelectorAll('[data-demo-slot-days] input[name="slot"]:not([disabled])')
      .map((input) => input.getAttribute('value')!)
      .at(-1)!;
    const key = randomUUID();
    const email = `booker-${key.slice(0, 8)}@example.com`;
    const request = {
      ...demoRequest,
      metadata: { ...demoRequest.metadata, email },
      booking: { slot, zone: 'Africa/Lagos' },
    };
    const booked = await postJson(0, '/services/users/demos', request, key);
    expect(booked.statusCode).toBe(201);
    await pastTheMinute();

    const replay = await postJson(1, '/services/users/demos', request, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().payload.id).toBe(booked.json().payload.id);
    // Another person's request for that slot, with a key of its own, finds it gone.
    const rival = { ...request, metadata: { ...request.metadata, email: `rival-${email}` } };
    expect((await postJson(2, '/services/users/demos', rival, randomUUID())).statusCode).toBe(409);
    expect(await leadsOf(email)).toHaveLength(1);
  });

  it('takes the key from a native post, as a header or a field, and answers a replay with the same outcome', async () => {
    const key = randomUUID();
    const email = `native-${key.slice(0, 8)}@example.com`;
    const fields = { form_name: 'enquiry', ...enquiry, email };
    const post = (n: number, extra: Record<string, string>, headers: Record<string, string>) =>
      server(n).inject({
        method: 'POST',
        url: '/contact',
        payload: new URLSearchParams({ ...fields, ...extra }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const byHeader = await post(0, {}, { 'idempotency-key': key });
    const byField = await post(1, { idempotency_key: key }, {});
    expect([byHeader.statusCode, byField.statusCode]).toEqual([303, 303]);
    expect(byField.headers.location).toBe(byHeader.headers.location);
    expect(await leadsOf(email)).toHaveLength(1);
    await pastTheMinute();
    expect((await post(0, {}, { 'idempotency-key': key })).headers.location).toBe(byHeader.headers.location);
    expect(await leadsOf(email)).toHaveLength(1);

    const changed = await post(2, { idempotency_key: key, subject: 'Something else' }, {});
    expect(changed.statusCode).toBe(422);
    expect(changed.body).toContain(idempotencyMessages.reused);
  });
});
