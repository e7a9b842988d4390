import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { commandActor } from '../../src/lib/actor.ts';
import { erasePerson } from '../../src/people/erase.ts';
import { exportPerson } from '../../src/people/export.ts';
import { deliverDue } from '../../src/webhooks/deliver.ts';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import { browserSubscription } from '@growmail/test-support/push-receiver';
import { startWebhookReceiver, webhookSecret } from '@growmail/test-support/webhook-receiver';
import { dataAccess } from '../../src/repositories/index.ts';
import { fixturesRepository } from '@growmail/test-support/fixtures';

/** The person, written in the cases people type; stored and matched as this, lower-cased. */
const address = 'ngozi.okafor@kola.example';
const typed = ['Ngozi.Okafor@Kola.example', 'NGOZI.OKAFOR@KOLA.EXAMPLE', 'ngozi.okafor@kola.example'];
const apiKey = 'gm_test_site_key';
const person = { firstname: 'Ngozi', lastname: 'Okafor', company_name: 'Kola Foods' };

const forms = {
  demo: {
    url: '/services/users/demos',
    payload: {
      type: 'demo',
      metadata: { type: 'demo', ...person, email: typed[0], phone_number: '0803 000 0000', subscribers: '0:100K' },
    },
  },
  startup: {
    url: '/services/sales/leads',
    payload: {
      type: 'startup',
      metadata: {
        type: 'startup',
        ...person,
        email: typed[1],
        phone_number: '0803 000 0000',
        user_count: '10:50K',
        annual_budget: '1K:5K',
      },
    },
  },
  savings: {
    url: '/services/sales/leads',
    payload: {
      type: 'savings',
      metadata: {
        type: 'savings',
        email: typed[2],
        contact_count: 3000,
        current_cost: 5000,
        savings: 1200,
        services: { campaign: true, automation: false, transactional: false, push: false },
      },
    },
  },
  enquiry: {
    url: '/services/users/guests/enquiry',
    payload: { fullname: 'Ngozi Okafor', email: typed[0], subject: 'Pricing', body: 'Do you price for agencies?' },
  },
};

/** Every row of every table that names the address, in any case. */
async function rowsNaming(db: Db, email: string) {
  const listed =
    db.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`
      : sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`;
  // SQLite's search index (migration 0026) is asked by a search, not read: its own tables hold
  // trigram segments as binary and integers past JavaScript's.
  const tables = (await listed.execute(db.kysely)).rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('leads_search'));
  expect(tables).toEqual(expect.arrayContaining(['contacts', 'leads', 'quarantine', 'outbox', 'suppressions']));
  const found: { table: string; row: unknown }[] = [];
  if (db.dialect === 'sqlite') {
    const { rows } = await sql`select rowid from leads_search where leads_search match ${`"${email}"`}`.execute(
      db.kysely,
    );
    for (const row of rows) found.push({ table: 'leads_search', row });
  }
  for (const table of tables) {
    const { rows } = await sql`select * from ${sql.table(table)}`.execute(db.kysely);
    for (const row of rows) if (JSON.stringify(row).toLowerCase().includes(email)) found.push({ table, row });
  }
  return found;
}

describe.each(await testDatabases())('a person’s data on request, on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const browser = browserSubscription('https://fcm.googleapis.com/fcm/send/ngozi-phone');
  /** Links the person was mailed before the erasure. */
  const old = { token: '', unsubscribe: '' };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    db = await open();
    // This test reads no page: a one-page site stands in for the exported one, beside the build's renderer.
    const site = mkdtempSync(join(tmpdir(), 'gm-people-site-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Growmail</title>');
    app = await testApp(
      {
        SITE_DIR: site,
        SITE_RENDERER: loadConfig({}).siteRenderer,
        SITE_API_KEY: apiKey,
        RATE_LIMIT_PER_MINUTE: '1000',
        FORM_MIN_FILL_SECONDS: '0',
        PUBLIC_URL: 'https://www.example.com',
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: webhookSecret,
      },
      { db, webhooks: { pollMs: 30, retryBaseMs: 20 } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  const saveContact = () =>
    app.inject({
      method: 'POST',
      url: '/services/users/api/contacts',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { email: typed[0], ...person, gm_web_push: browser.json },
    });
  const capture = (email: string) =>
    app.inject(`/services/users/api/contacts/${apiKey}/capture/?email=${encodeURIComponent(email)}&tags=subscriber`);
  const confirm = (token: string) =>
    app.inject({ method: 'POST', url: '/services/users/newsletter/confirm', payload: { token } });
  /** The newest confirmation mail to the address: its token and its one-click unsubscribe URL. */
  const confirmationMail = async () => {
    const rows = (await dataAccess(db).mail.all()).filter((row) => row.topic === 'newsletter:confirm').reverse();
    const mail = rows
      .map((row) => JSON.parse(row.message) as { to: string; text: string; headers: Record<string, string> })
      .find((message) => message.to === address)!;
    return {
      token: /\/newsletter\/confirm\?token=([\w.-]+)/.exec(mail.text)![1]!,
      unsubscribe: mail.headers['List-Unsubscribe']!.slice(1, -1).replace('https://www.example.com', ''),
    };
  };
  const eventsNaming = async () =>
    (await dataAccess(db).webhooks.all()).filter((row) => row.payload.toLowerCase().includes(address));

  it('collects what every form, the push SDK and the contacts API stored about the address', async () => {
    expect((await saveContact()).statusCode).toBe(201);
    expect((await capture(typed[1]!)).statusCode).toBe(200);
    Object.assign(old, await confirmationMail());
    expect((await confirm(old.token)).statusCode).toBe(200);
    for (const form of Object.values(forms)) {
      const response = await app.inject({ method: 'POST', url: form.url, payload: form.payload });
      expect(response.statusCode).toBe(201);
    }
    const click = await app.inject(`/services/messaging/webhooks/push/web/${randomUUID()}`);
    expect(click.statusCode).toBe(200);
    await dataAccess(db).quarantine.insert(
      'enquiry',
      typed[1]!,
      { fullname: 'Ngozi Okafor', email: typed[1], subject: 'x', body: 'https://x.example' },
      ['mostly_links'],
    );

    const exported = await exportPerson(dataAccess(db), typed[2]!);
    expect(exported).toMatchObject({ email: address, suppressed: false, mentioned_in: [] });
    expect(exported.contacts).toHaveLength(1);
    expect(exported.contacts[0]).toMatchObject({
      email: address,
      firstname: 'Ngozi',
      lists: [
        {
          list_id: 'newsletter',
          status: 'subscribed',
          tags: ['subscriber'],
          consent: { wording: expect.any(String), confirmed_at: expect.any(String) },
        },
      ],
      push_subscriptions: [{ endpoint: browser.json.endpoint }],
    });
    expect(exported.leads.map((lead) => lead.type).sort()).toEqual(['demo', 'enquiry', 'savings', 'startup']);
    expect(exported.quarantine).toMatchObject([{ form: 'enquiry', reasons: ['mostly_links'] }]);
    expect(exported.mail.map((mail) => mail.topic).sort()).toEqual([
      `ack:${address}`,
      'lead:demo',
      'lead:enquiry',
      'lead:savings',
      'lead:startup',
      'newsletter:confirm',
    ]);
    expect(exported.webhook_events.map((event) => event.type).sort()).toEqual([
      'lead.created',
      'lead.created',
      'lead.created',
      'lead.created',
      'newsletter.confirmed',
    ]);
    expect(Object.keys(exported.notes)).toEqual(['push_actions', 'submissions', 'mentioned_in']);
    expect((await rowsNaming(db, address)).length).toBeGreaterThan(0);
  });

  it('erases all of it in one go, leaving no row that names the address, and exports nothing after', async () => {
    const erased = await erasePerson(dataAccess(db), typed[0]!, commandActor('people'));
    expect(erased).toEqual({
      email: address,
      console: { notes_deleted: 0, notes_rewritten: 0, audit_rewritten: 0 },
      deleted: {
        contacts: 1,
        list_memberships: 1,
        push_subscriptions: 1,
        leads: 4,
        quarantine: 1,
        outbox: 6,
        webhook_events: 5,
        demo_bookings: 0,
      },
      rewritten: {},
    });
    expect(await rowsNaming(db, address)).toEqual([]);
    expect(await exportPerson(dataAccess(db), address)).toMatchObject({
      suppressed: true,
      contacts: [],
      leads: [],
      quarantine: [],
      mail: [],
      webhook_events: [],
      mentioned_in: [],
    });
    // The click stays: it names a notification, not a person.
    expect(await dataAccess(db).push.actions()).toHaveLength(1);
  });

  it('is not brought back by an old contacts API import, and says it skipped the address', async () => {
    const response = await saveContact();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      error: null,
      payload: {
        data: { id: null, email: address, created: false, subscribed: false, skipped: true },
        meta: { size: 0 },
      },
    });
    expect(await rowsNaming(db, address)).toEqual([]);
  });

  it('is not brought back by a link mailed before the erasure', async () => {
    expect((await confirm(old.token)).statusCode).toBe(403);
    const unsubscribe = await app.inject({
      method: 'POST',
      url: old.unsubscribe,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribe.statusCode).toBe(404);
    expect(await rowsNaming(db, address)).toEqual([]);
  });

  it('never sends an event naming the address, not even one written while the erasure ran', async () => {
    const late = { id: `msg_${randomUUID()}`, type: 'lead.created', timestamp: new Date().toISOString() };
    const event = { ...late, data: { form: 'demo', email: typed[1] } };
    // Written and failed in one transaction: the app's own delivery round (every 30 ms) would
    // otherwise find it due in between, drop it, and leave the replay nothing to replay.
    await db.kysely.transaction().execute(async (trx) => {
      await dataAccess(db).webhooks.in(trx).insert(event);
      await fixturesRepository(db.kysely).in(trx).failEvent(late.id, 8);
    });
    // What `npm run webhooks -- replay --failed` does.
    const requeued = await dataAccess(db).webhooks.requeue({ failed: true });
    expect(requeued).toContain(late.id);
    const report = await deliverDue(dataAccess(db), app.config.webhook!, { only: requeued });
    expect(report.delivered).toBe(0);
    await expect.poll(eventsNaming).toEqual([]);
    expect(receiver.accepted.filter((event) => event.id === late.id)).toEqual([]);
    expect(await rowsNaming(db, address)).toEqual([]);
  });

  it('takes a lead the person files again, without telling the team’s tools', async () => {
    const again = { ...forms.demo.payload, metadata: { ...forms.demo.payload.metadata, company_name: 'Kola Drinks' } };
    const response = await app.inject({ method: 'POST', url: forms.demo.url, payload: again });
    expect(response.statusCode).toBe(201);
    const stored = await exportPerson(dataAccess(db), address);
    expect(stored.leads).toHaveLength(1);
    expect(stored.webhook_events).toEqual([]);
    await erasePerson(dataAccess(db), address, commandActor('people'));
  });

  it('lets the person subscribe again themselves, which lifts the suppression', async () => {
    const confirmed = () =>
      receiver.accepted.filter((event) => event.type === 'newsletter.confirmed' && event.data.email === address);
    const before = confirmed().length;
    expect((await capture(typed[0]!)).statusCode).toBe(200);
    const { token } = await confirmationMail();
    expect(token).not.toBe(old.token);
    expect((await exportPerson(dataAccess(db), address)).suppressed).toBe(true);
    expect((await confirm(token)).statusCode).toBe(200);

    const back = await exportPerson(dataAccess(db), address);
    expect(back).toMatchObject({ suppressed: false, contacts: [{ lists: [{ status: 'subscribed' }] }] });
    expect(await dataAccess(db).suppressions.all()).toEqual([]);
    await expect.poll(() => confirmed().length).toBe(before + 1);
    // Now the contacts API attaches a subscription again.
    expect((await saveContact()).json().payload.data).toMatchObject({ created: false, subscribed: true });
  });
});
