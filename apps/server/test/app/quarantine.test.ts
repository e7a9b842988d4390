import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/index.ts';
import { commandActor } from '../../src/lib/actor.ts';
import { releaseQuarantined } from '../../src/submissions/quarantine.ts';
import { mintFormStamp } from '../../src/submissions/screening.ts';
import { trackingSecret } from '../../src/secrets.ts';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import { startSmtp } from '@growmail/test-support/smtp';
import { startWebhookReceiver, webhookSecret } from '@growmail/test-support/webhook-receiver';
import { dataAccess } from '../../src/repositories/index.ts';
import { fixturesRepository } from '@growmail/test-support/fixtures';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));

const demo = (n: string, email = `demo${n}@kola.example`) => ({
  url: '/services/users/demos',
  body: {
    type: 'demo',
    metadata: {
      type: 'demo',
      firstname: 'Ngozi',
      lastname: `Okafor ${n}`,
      company_name: `Kola ${n}`,
      email,
      phone_number: '0803 000 0000',
      subscribers: '0:100K',
    },
  },
});
const startup = (n: string) => ({
  url: '/services/sales/leads',
  body: {
    type: 'startup',
    metadata: {
      type: 'startup',
      firstname: 'Kwame',
      lastname: `Mensah ${n}`,
      company_name: `Accra ${n}`,
      email: `startup${n}@accra.example`,
      phone_number: '0803 000 0000',
      user_count: '10:50K',
      annual_budget: '1K:5K',
    },
  },
});
const savings = (n: string) => ({
  url: '/services/sales/leads',
  body: {
    type: 'savings',
    metadata: {
      type: 'savings',
      email: `savings${n}@nairobi.example`,
      contact_count: 3000 + Number(n.replace(/\D/g, '') || 0),
      current_cost: 5000,
      savings: 1200,
      services: { campaign: true, automation: false, transactional: false, push: false },
    },
  },
});
const enquiry = (n: string, body = `A question about agency pricing, ${n}.`) => ({
  url: '/services/users/guests/enquiry',
  body: { fullname: `Amina Hassan ${n}`, email: `enquiry${n}@lagos.example`, subject: 'Pricing', body },
});

describe.each(await testDatabases())('the spam quarantine on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let secret: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    receiver = await startWebhookReceiver();
    db = await open();
    app = await testApp(
      {
        FORM_MIN_FILL_SECONDS: '3',
        RATE_LIMIT_PER_MINUTE: '1000',
        SMTP_URL: smtp.url,
        SALES_INBOX: 'sales@growmail.test',
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: webhookSecret,
      },
      { db, outbox: { pollMs: 30 }, webhooks: { pollMs: 30, retryBaseMs: 20 } },
    );
    await app.ready();
    secret = await trackingSecret(app, app.config);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await receiver?.close();
  });

  /** A stamp issued `ageMs` ago, as the form would hold it after that long on the page. */
  const stampAged = (ageMs: number) => mintFormStamp(secret, new Date(Date.now() - ageMs));
  const post = (form: { url: string; body: object }, extra: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: form.url, payload: { ...form.body, ...extra } });
  // What a person's form sends: a stamp issued well before.
  const human = { form_stamp: '' };
  beforeAll(() => {
    human.form_stamp = stampAged(20_000);
  });

  const held = async (email: string) => (await dataAccess(db).quarantine.list()).find((row) => row.email === email);
  const leadsFor = async (email: string) => (await dataAccess(db).leads.list({})).filter((row) => row.email === email);
  const mailsNaming = async (email: string) =>
    (await dataAccess(db).mail.all()).filter((row) => row.message.includes(email));
  const eventsNaming = async (email: string) =>
    (await dataAccess(db).webhooks.all()).filter((row) => row.payload.includes(email));
  const emailOf = (form: { body: object }) =>
    'metadata' in form.body ? (form.body.metadata as { email: string }).email : (form.body as { email: string }).email;

  it('issues a signed stamp that no cache keeps', async () => {
    const response = await app.inject({ method: 'GET', url: '/services/users/guests/form-stamp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().payload.stamp).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{32}$/);
  });

  it.each([
    ['demo', demo('h1'), 'Request submitted successfully'],
    ['startup', startup('h1'), 'Application submitted successfully'],
    ['savings', savings('h1'), 'Thanks! Your savings estimate is on its way to our team.'],
    ['enquiry', enquiry('h1'), undefined],
  ])(
    'holds a %s with the honeypot filled: the same answer, no lead, no mail, no event',
    async (kind, form, message) => {
      const trapped = await post(form, { ...human, homepage: 'https://spam.example' });
      expect(trapped.statusCode).toBe(201);
      // The answer a person gets, word for word, but for the id.
      expect(Object.keys(trapped.json().payload)).toEqual(['id', 'message']);
      if (message) expect(trapped.json().payload.message).toBe(message);
      const email = emailOf(form);
      const row = await held(email);
      expect(row).toMatchObject({ id: trapped.json().payload.id, form: kind });
      expect(row!.reasons).toEqual(['honeypot']);
      expect(await leadsFor(email)).toEqual([]);
      expect(await mailsNaming(email)).toEqual([]);
      expect(await eventsNaming(email)).toEqual([]);
    },
  );

  it('holds a form sent sooner after its stamp than a person could fill it in, and takes one sent later', async () => {
    const quick = await post(demo('fast'), { form_stamp: stampAged(500) });
    expect(quick.statusCode).toBe(201);
    expect((await held('demofast@kola.example'))!.reasons).toEqual(['too_fast']);

    // A stamp fresh from the endpoint, sent at once, is too fast as well.
    const issued = await app.inject({ method: 'GET', url: '/services/users/guests/form-stamp' });
    await post(enquiry('fast'), { form_stamp: issued.json().payload.stamp });
    expect((await held('enquiryfast@lagos.example'))!.reasons).toEqual(['too_fast']);

    const paced = await post(demo('paced'), { form_stamp: stampAged(3_500) });
    expect(paced.statusCode).toBe(201);
    expect(await held('demopaced@kola.example')).toBeUndefined();
    expect(await leadsFor('demopaced@kola.example')).toHaveLength(1);
  });

  it.each([
    ['no stamp', {}],
    ['a forged stamp', { form_stamp: `${(Date.now() - 60_000).toString(36)}.${'A'.repeat(32)}` }],
    ['a stamp from the future', { form_stamp: mintFormStamp('another secret', new Date(Date.now() + 3_600_000)) }],
    ['a stamp that is not text', { form_stamp: { issued: 1 } }],
  ])('holds a form with %s', async (_name, extra) => {
    const form = savings(`s${Math.round(Math.random() * 1e9)}`);
    expect((await post(form, extra)).statusCode).toBe(201);
    expect((await held(emailOf(form)))!.reasons).toEqual(['no_stamp']);
  });

  it('holds an address at a throwaway mail domain, and a message that is mostly links', async () => {
    await post(demo('tmp', 'someone@mail.yopmail.com'), human);
    expect((await held('someone@mail.yopmail.com'))!.reasons).toEqual(['disposable_address']);

    await post(enquiry('links', 'cheap https://pills.example/buy www.pills.example/now bit.ly/xyz'), human);
    expect((await held('enquirylinks@lagos.example'))!.reasons).toEqual(['mostly_links']);

    // A person naming their site in a sentence is a person.
    await post(
      enquiry('site', 'We run https://kola.example and send about 40,000 emails a month. Can you help?'),
      human,
    );
    expect(await held('enquirysite@lagos.example')).toBeUndefined();
    expect(await leadsFor('enquirysite@lagos.example')).toHaveLength(1);
  });

  it('lists every reason that applies', async () => {
    await post(demo('all', 'all@yopmail.com'), { homepage: 'x' });
    expect((await held('all@yopmail.com'))!.reasons).toEqual(['honeypot', 'no_stamp', 'disposable_address']);
  });

  it('sends no acknowledgement for a held submission', async () => {
    await post(enquiry('noack'), { ...human, homepage: 'x' });
    const acks = (await dataAccess(db).mail.all()).filter((row) => row.topic === 'ack:enquirynoack@lagos.example');
    expect(acks).toEqual([]);
  });

  it('releases a held submission as a lead: its mail to sales, its webhook and the acknowledgement', async () => {
    const answer = await post(demo('release'), { form_stamp: stampAged(100) });
    const id = answer.json().payload.id as string;
    expect(await held('demorelease@kola.example')).toBeDefined();

    const released = await releaseQuarantined(app, app.config, id, commandActor('leads'));
    const leadId = released && 'leadId' in released ? released.leadId : undefined;
    expect(leadId).toEqual(expect.any(String));
    expect(await held('demorelease@kola.example')).toBeUndefined();
    const [lead] = await leadsFor('demorelease@kola.example');
    expect(lead!.id).toBe(leadId);
    expect(JSON.parse(lead!.metadata)).toMatchObject({ company_name: 'Kola release' });
    // It keeps the time it was sent, and names who released it.
    expect(lead).toMatchObject({ released_by: 'npm run leads' });

    // The running server sends what the release queued.
    app.outbox.nudge();
    app.deliverWebhooks();
    await expect
      .poll(() => smtp.received.filter((mail) => mail.raw.includes('Kola release')).map((mail) => mail.to[0]), {
        timeout: 10_000,
      })
      .toEqual(['sales@growmail.test']);
    await expect
      .poll(() => smtp.received.some((mail) => mail.to[0] === 'demorelease@kola.example'), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => receiver.accepted.filter((event) => event.data.lead_id === leadId).map((event) => event.type), {
        timeout: 10_000,
      })
      .toEqual(['lead.created']);

    // Released once: a second release finds nothing.
    expect(await releaseQuarantined(app, app.config, id, commandActor('leads'))).toBeNull();
    expect(await leadsFor('demorelease@kola.example')).toHaveLength(1);
  });

  it('deletes what has been held for 30 days, and keeps what is newer', async () => {
    await post(startup('old'), { homepage: 'x' });
    await post(startup('new'), { homepage: 'x' });
    const thirtyOneDaysAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await fixturesRepository(db.kysely).backdateQuarantine({ email: 'startupold@accra.example' }, thirtyOneDaysAgo);
    await app.housekeeping();
    expect(await held('startupold@accra.example')).toBeUndefined();
    expect(await held('startupnew@accra.example')).toBeDefined();
  });
});

describe('npm run leads -- quarantine', () => {
  it(
    'lists what is held with its reasons, and releases one for the running server to send',
    { timeout: 60_000 },
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'gm-quarantine-')), 'db.sqlite');
      const migrated = openDatabase(`sqlite:${file}`);
      await migrateToLatest(migrated.kysely);
      await migrated.close();
      const smtp = await startSmtp();
      const db = openDatabase(`sqlite:${file}`);
      const app = await testApp(
        { FORM_MIN_FILL_SECONDS: '3', SMTP_URL: smtp.url, SALES_INBOX: 'sales@growmail.test' },
        { db, outbox: { pollMs: 50 } },
      );
      try {
        await app.ready();
        const form = enquiry('cli', 'Line one\nline two');
        const answer = await app.inject({ method: 'POST', url: form.url, payload: { ...form.body, homepage: 'x' } });
        const id = answer.json().payload.id as string;
        const env = { ...process.env, DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' };

        const listed = await run('npm', ['run', '--silent', 'leads', '--', 'quarantine', 'list'], { cwd: root, env });
        expect(listed.stdout).toContain(id);
        expect(listed.stdout).toContain('enquirycli@lagos.example');
        expect(listed.stdout).toContain('why: filled the hidden field; no valid form stamp');
        // What was typed stays on its line: control characters are shown, never obeyed.
        expect(listed.stdout).toContain('body: Line one\\nline two');
        expect(listed.stdout).toContain('1 held submission');

        const released = await run('npm', ['run', '--silent', 'leads', '--', 'quarantine', 'release', id], {
          cwd: root,
          env,
        });
        expect(released.stdout).toMatch(new RegExp(`^Released ${id} as lead [0-9a-f-]{36}`));
        app.outbox.nudge();
        await expect
          .poll(() => smtp.received.some((mail) => mail.raw.includes('Amina Hassan cli')), { timeout: 10_000 })
          .toBe(true);

        const again = await run('npm', ['run', '--silent', 'leads', '--', 'quarantine', 'release', id], {
          cwd: root,
          env,
        }).catch((error: { code: number; stderr: string }) => error);
        expect(again).toMatchObject({
          code: 1,
          stderr: expect.stringContaining(`Nothing in quarantine has the id ${id}`),
        });

        const empty = await run('npm', ['run', '--silent', 'leads', '--', 'quarantine', 'list'], { cwd: root, env });
        expect(empty.stdout).toBe('Nothing in quarantine.\n');
      } finally {
        await app.close();
        await smtp.close();
      }
    },
  );
});
