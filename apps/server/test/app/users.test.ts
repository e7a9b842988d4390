import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { LeadKind } from '@growmail/contracts/form-names';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterConsentWording } from '@growmail/contracts/form-fields';
import { messages } from '@growmail/contracts/messages';
import { serviceMessages } from '@growmail/contracts/service-messages';
import type { Db } from '../../src/db/index.ts';
import { serverErrorMessage } from '../../src/services/errors.ts';
import { mintConfirmationToken } from '../../src/services/users/consent.ts';
import { trackingSecret } from '../../src/secrets.ts';
import { mintUnsubscribeLink } from '../../src/services/users/tracking.ts';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import { enquiry, demoRequest as demo } from '@growmail/test-support/submissions';
import { fixturesRepository } from '@growmail/test-support/fixtures';
import { dataAccess } from '../../src/repositories/index.ts';

let address = 0;
/** Each test speaks from its own address, so one test's requests never count against another's limit. */
const nextIp = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

describe.each(await testDatabases())('the users service on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '5', PUBLIC_URL: 'https://www.example.com' }, { db });
  });
  afterAll(async () => {
    await app?.close();
  });

  const leadsOf = (type: string) => app.leads.list({ type: type as LeadKind });
  const outboxFor = async (id: string) => (await app.mail.all()).filter((row) => row.message.includes(id));

  describe('POST /guests/enquiry', () => {
    const post = (payload: object, ip = nextIp()) =>
      app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload, remoteAddress: ip });

    it('stores a trimmed enquiry and its mail to sales before answering 201 with the message', async () => {
      const response = await post({ ...enquiry, fullname: '  Ada Lovelace ', subject: 'Trimmed one' });
      expect(response.statusCode).toBe(201);
      const { error, payload } = response.json();
      expect(error).toBeNull();
      expect(payload.message).toBe(serviceMessages.enquiryReceived);
      const row = (await app.leads.find(payload.id))!;
      expect(row.type).toBe('enquiry');
      expect(JSON.parse(row.metadata)).toEqual({ ...enquiry, subject: 'Trimmed one' });
      const [mail] = await outboxFor(payload.id);
      expect(JSON.parse(mail!.message)).toMatchObject({ to: 'sales@growmail.io', replyTo: enquiry.email });
    });

    it.each([
      [{ fullname: '   ' }, 'fullname: Full name is required.'],
      [{ fullname: undefined }, 'fullname: Full name is required.'],
      [{ email: '' }, 'email: Email address is required.'],
      [{ email: 'ada@' }, 'email: Invalid email address.'],
      [{ subject: ' ' }, 'subject: Subject of message is required.'],
      [{ body: '' }, 'body: Body of message is required.'],
      // PostgreSQL refuses NUL in a text column; one shared rule refuses it first, on both databases.
      [{ fullname: 'Ada\u0000' }, `fullname: ${messages.controlCharacters}`],
      [{ email: 'ada\u0000@example.com' }, `email: ${messages.controlCharacters}`],
      [{ subject: '\u001b]0;owned\u0007' }, `subject: ${messages.controlCharacters}`],
    ])('answers 400 naming the field for %j and stores nothing', async (change, message) => {
      const before = (await leadsOf('enquiry')).length;
      const response = await post({ ...enquiry, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message, payload: null });
      expect(await leadsOf('enquiry')).toHaveLength(before);
    });

    it('refuses an oversized body with 413', async () => {
      const response = await post({ ...enquiry, body: 'x'.repeat(20 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: serviceMessages.tooLarge, payload: null });
    });

    it('answers a filled honeypot with an ordinary 201 and holds the enquiry in quarantine, not as a lead', async () => {
      const before = (await leadsOf('enquiry')).length;
      const response = await post({ ...enquiry, subject: 'Bot', homepage: 'http://spam.example' });
      expect(response.statusCode).toBe(201);
      expect(response.json().payload.message).toBe(serviceMessages.enquiryReceived);
      expect(await leadsOf('enquiry')).toHaveLength(before);
      const held = await app.quarantine.find(response.json().payload.id);
      expect(held && { form: held.form, reasons: JSON.stringify(held.reasons) }).toEqual({
        form: 'enquiry',
        reasons: '["honeypot"]',
      });
    });

    it('collapses the same enquiry sent twice within a minute into one', async () => {
      const same = { ...enquiry, subject: 'Sent twice' };
      const first = await post(same);
      const second = await post({ ...same, email: 'ADA@example.com', body: ` ${same.body} ` });
      expect(second.statusCode).toBe(201);
      expect(second.json().payload.id).toBe(first.json().payload.id);
      const rows = (await leadsOf('enquiry')).filter((row) => row.metadata.includes('Sent twice'));
      expect(rows).toHaveLength(1);
      expect(await outboxFor(first.json().payload.id)).toHaveLength(1);
    });

    it('answers 429 beyond the per-address limit', async () => {
      const ip = nextIp();
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await post({ ...enquiry, subject: `Flood ${i}` }, ip)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const limited = await post({ ...enquiry, subject: 'Flood again' }, ip);
      expect(limited.json()).toEqual({ error: serviceMessages.tooManyRequests, payload: null });
      // Another address is not affected.
      expect((await post({ ...enquiry, subject: 'Other address' })).statusCode).toBe(201);
    });
  });

  describe('POST /demos', () => {
    const post = (payload: object, ip = nextIp()) =>
      app.inject({ method: 'POST', url: '/services/users/demos', payload, remoteAddress: ip });
    const withMetadata = (change: object) => ({ ...demo, metadata: { ...demo.metadata, ...change } });

    it('stores the request with the phone number in E.164 and answers 201', async () => {
      const response = await post(demo);
      expect(response.statusCode).toBe(201);
      expect(response.json().payload.message).toBe(messages.demoSubmitted);
      const row = (await app.leads.find(response.json().payload.id))!;
      expect(row.type).toBe('demo');
      expect(row.email).toBe(demo.metadata.email);
      expect(JSON.parse(row.metadata)).toEqual({ ...demo.metadata, phone_number: '+2348031234567' });
      expect(await outboxFor(row.id)).toHaveLength(1);
    });

    it.each([
      ['00 44 20 7946 0958', '+442079460958'],
      ['(555) 010-9999 ext. 7', '(555) 010-9999 ext. 7'],
      ['0803 123 4567', '+2348031234567'],
      ['12-34', '12-34'],
    ])(
      'keeps every number a visitor types, in E.164 where it reads as one: %s is stored as %s',
      async (typed, stored) => {
        const response = await post(withMetadata({ phone_number: typed, lastname: typed }));
        expect(response.statusCode).toBe(201);
        const row = (await app.leads.find(response.json().payload.id))!;
        expect(JSON.parse(row.metadata).phone_number).toBe(stored);
      },
    );

    it.each([
      [{ firstname: '' }, 'metadata.firstname: First name is required.'],
      [{ lastname: ' ' }, 'metadata.lastname: Last name is required.'],
      [{ company_name: '' }, 'metadata.company_name: Company name is required.'],
      [{ email: '' }, 'metadata.email: Email address is required.'],
      [{ email: 'grace' }, 'metadata.email: Invalid email address.'],
      [{ phone_number: '' }, 'metadata.phone_number: Phone number is required.'],
      [{ subscribers: '1:2' }, 'metadata.subscribers: Number of users is required.'],
      [{ type: 'startup' }, "metadata.type: type must be 'demo'."],
    ])('answers 400 naming the field for %j', async (change, message) => {
      const response = await post(withMetadata(change));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message, payload: null });
    });

    it('answers 400 for a missing type', async () => {
      const response = await post({ metadata: demo.metadata });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^type: /);
    });

    it('refuses an oversized body, quarantines a filled honeypot, and collapses duplicates', async () => {
      expect((await post(withMetadata({ company_name: 'x'.repeat(17 * 1024) }))).statusCode).toBe(413);
      const before = (await leadsOf('demo')).length;
      const bot = await post({ ...withMetadata({ company_name: 'Bot Inc' }), homepage: 'x' });
      expect(bot.statusCode).toBe(201);
      expect(await leadsOf('demo')).toHaveLength(before);
      const held = await app.quarantine.find(bot.json().payload.id);
      expect(held && { form: held.form }).toEqual({ form: 'demo' });
      const twice = withMetadata({ company_name: 'Twice Ltd' });
      const first = await post(twice);
      const second = await post(twice);
      expect(second.json().payload.id).toBe(first.json().payload.id);
      expect(await leadsOf('demo')).toHaveLength(before + 1);
    });

    it('answers 429 beyond the per-address limit', async () => {
      const ip = nextIp();
      const statuses = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await post(withMetadata({ company_name: `Flood ${i}` }), ip)).statusCode);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('the newsletter, double opt-in (D23)', () => {
    const capture = (email: string, { key = 'gm_site_public_dev', extra = '', ip = nextIp() } = {}) =>
      app.inject({
        method: 'GET',
        url: `/services/users/api/contacts/${key}/capture/?source=website-api&email=${encodeURIComponent(email)}&tags=subscriber${extra}`,
        remoteAddress: ip,
      });
    const confirm = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/services/users/newsletter/confirm',
        payload: { token },
        remoteAddress: nextIp(),
      });
    const membership = async (email: string) => {
      const ids = new Set((await app.contacts.all()).filter((row) => row.email === email).map((row) => row.id));
      return (await app.memberships.all()).filter((row) => ids.has(row.contact_id));
    };
    const confirmationMails = async (email: string) =>
      (await app.mail.all())
        .filter((row) => row.topic === 'newsletter:confirm')
        .map((row) => JSON.parse(row.message) as { to: string; text: string; headers: Record<string, string> })
        .filter((mail) => mail.to === email);
    const tokenIn = (mail: { text: string }) => /\/newsletter\/confirm\?token=([\w.-]+)/.exec(mail.text)![1]!;

    it('stores a new address as pending with its consent, and queues one confirmation email', async () => {
      const response = await capture('New.Reader@example.com', { extra: '&page=%2Fpricing' });
      expect(response.statusCode).toBe(200);
      expect(response.json().payload.message).toBe(serviceMessages.confirmationSent);
      const [row] = await membership('new.reader@example.com');
      expect(row).toMatchObject({
        list_id: 'newsletter',
        status: 'pending',
        tags: '["subscriber"]',
        consent_page: '/pricing',
        consent_wording: newsletterConsentWording,
        confirmed_at: null,
      });
      expect(Date.parse(row!.consent_requested_at!)).toBeGreaterThan(Date.now() - 60_000);
      const [mail, ...more] = await confirmationMails('new.reader@example.com');
      expect(more).toEqual([]);
      expect(mail!.text).toContain('https://www.example.com/newsletter/confirm?token=');
      expect(mail!.text).toContain(newsletterConsentWording);
      // RFC 8058: mailbox providers require one-click unsubscribe of bulk senders.
      expect(mail!.headers['List-Unsubscribe']).toMatch(
        /^<https:\/\/www\.example\.com\/services\/users\/guests\/unsubscribe\/[\w-]+\/[\w-]+\/[\w-]+\/[\w-]+\?contact_email=new\.reader%40example\.com&contact_id=[\w-]+>$/,
      );
      expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      // Also without the trailing slash.
      const bare = await app.inject(
        '/services/users/api/contacts/gm_site_public_dev/capture?email=new.reader%40example.com&tags=subscriber',
      );
      expect(bare.statusCode).toBe(200);
    });

    it('subscribes only when the emailed link is confirmed, once, and refuses a tampered or expired token', async () => {
      await capture('confirming@example.com');
      const token = tokenIn((await confirmationMails('confirming@example.com'))[0]!);
      const tampered = token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      expect((await confirm(tampered)).json()).toEqual({ error: messages.badConfirmationLink, payload: null });
      expect((await confirm('not-a-token')).statusCode).toBe(403);
      expect((await membership('confirming@example.com'))[0]!.status).toBe('pending');

      const confirmed = await confirm(token);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ error: null, payload: { message: serviceMessages.subscribed } });
      const [row] = await membership('confirming@example.com');
      expect(row!.status).toBe('subscribed');
      expect(row!.confirmed_at).not.toBeNull();
      expect((await confirm(token)).statusCode).toBe(200);

      // A token older than a week no longer subscribes.
      const secret = await trackingSecret(dataAccess(db), app.config);
      const old = mintConfirmationToken(
        secret,
        'newsletter',
        row!.contact_id,
        'confirming@example.com',
        new Date(Date.now() - 8 * 86_400_000),
      );
      expect((await confirm(old)).statusCode).toBe(403);
    });

    it('sends at most one confirmation email per address per day, whoever asks', async () => {
      for (let i = 0; i < 4; i += 1) expect((await capture('flooded@example.com')).statusCode).toBe(200);
      expect(await confirmationMails('flooded@example.com')).toHaveLength(1);
      await fixturesRepository(db.kysely).setConfirmationSent(
        (await membership('flooded@example.com'))[0]!.contact_id,
        new Date(Date.now() - 25 * 3_600_000).toISOString(),
      );
      await capture('flooded@example.com');
      expect(await confirmationMails('flooded@example.com')).toHaveLength(2);
    });

    it('answers a subscribed address the same, sends it nothing, and leaves it subscribed', async () => {
      await capture('already@example.com');
      await confirm(tokenIn((await confirmationMails('already@example.com'))[0]!));
      const again = await capture('already@example.com');
      expect(again.json().payload.message).toBe(serviceMessages.confirmationSent);
      expect(await confirmationMails('already@example.com')).toHaveLength(1);
      expect((await membership('already@example.com'))[0]!.status).toBe('subscribed');
    });

    it('never takes back an unsubscribe: only a new confirmation brings the contact back', async () => {
      await capture('leaver@example.com');
      const firstToken = tokenIn((await confirmationMails('leaver@example.com'))[0]!);
      await confirm(firstToken);
      const link = (await mintUnsubscribeLink(dataAccess(db), app.config, 'leaver@example.com'))!;
      const [trackingId, email, id] = new URL(link).pathname.split('/').slice(2);
      const unsubscribed = await app.inject({
        method: 'PUT',
        url: `/services/users/guests/unsubscribe/${trackingId!.split('.').join('/')}?${new URLSearchParams({ contact_email: decodeURIComponent(email!), contact_id: id! })}`,
        remoteAddress: nextIp(),
      });
      expect(unsubscribed.statusCode).toBe(200);

      // Anyone can load the capture URL, even from an <img> on another site: it must not resubscribe.
      expect((await capture('leaver@example.com')).statusCode).toBe(200);
      expect((await membership('leaver@example.com'))[0]!.status).toBe('pending');
      // The link from before the unsubscribe is spent.
      expect((await confirm(firstToken)).statusCode).toBe(403);
      expect((await membership('leaver@example.com'))[0]!.status).toBe('pending');

      await fixturesRepository(db.kysely).setConfirmationSent(id!, null);
      await capture('leaver@example.com');
      const mails = await confirmationMails('leaver@example.com');
      expect(mails).toHaveLength(2);
      expect((await confirm(tokenIn(mails[1]!))).statusCode).toBe(200);
      expect((await membership('leaver@example.com'))[0]!.status).toBe('subscribed');
    });

    it('unsubscribes with one click: RFC 8058 POST to the List-Unsubscribe URL', async () => {
      await capture('one.click@example.com');
      const [mail] = await confirmationMails('one.click@example.com');
      await confirm(tokenIn(mail!));
      const url = new URL(/^<(.+)>$/.exec(mail!.headers['List-Unsubscribe']!)![1]!);
      const response = await app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(200);
      expect((await membership('one.click@example.com'))[0]).toMatchObject({ status: 'unsubscribed' });
    });

    it('answers 403 for a wrong API key and stores nothing', async () => {
      const response = await capture('wrong.key@example.com', { key: 'not-the-key' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: serviceMessages.badApiKey, payload: null });
      expect(await membership('wrong.key@example.com')).toEqual([]);
    });

    it.each([
      ['', 'email: Email address is required.'],
      ['reader@', 'email: Invalid email address.'],
      ['reader\u0000@example.com', `email: ${messages.controlCharacters}`],
    ])('answers 400 for the email %j', async (email, message) => {
      const response = await capture(email);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    });

    it('answers a filled honeypot with 200 and stores nothing', async () => {
      const response = await capture('bot@example.com', { extra: '&homepage=spam' });
      expect(response.statusCode).toBe(200);
      expect(await membership('bot@example.com')).toEqual([]);
    });

    it('answers 429 beyond the per-address limit', async () => {
      const ip = nextIp();
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await capture(`flood${i}@example.com`, { ip })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('PUT /guests/unsubscribe/{tracking id parts}', () => {
    const subscribe = async (email: string, listIds: string[]) => {
      await app.inject({
        url: `/services/users/api/contacts/gm_site_public_dev/capture/?email=${encodeURIComponent(email)}`,
        remoteAddress: nextIp(),
      });
      const contact = (await app.contacts.all()).find((row) => row.email === email)!;
      const fixtures = fixturesRepository(db.kysely);
      for (const listId of listIds.filter((id) => id !== 'newsletter')) {
        await fixtures.addList(listId, listId);
        await fixtures.addMembership(listId, contact.id);
      }
      return contact.id;
    };
    /** The unsubscribe call the preferences page makes for a minted link. */
    const callFor = (link: string, scope: 'list' | 'all', change: { email?: string; id?: string } = {}) => {
      const [trackingId, email, id] = new URL(link).pathname.split('/').slice(2);
      const parts = trackingId!.split('.');
      if (scope === 'all') parts[0] = '*';
      const query = new URLSearchParams({
        contact_email: change.email ?? decodeURIComponent(email!),
        contact_id: change.id ?? id!,
      });
      return app.inject({
        method: 'PUT',
        url: `/services/users/guests/unsubscribe/${parts.map(encodeURIComponent).join('/')}?${query}`,
        remoteAddress: nextIp(),
      });
    };
    const states = async (contactId: string) =>
      (await app.memberships.all())
        .filter((row) => row.contact_id === contactId)
        .map((row) => [row.list_id, row.unsubscribed_at !== null]);

    it('unsubscribes from the link’s list only, and says so again on a repeat', async () => {
      const contactId = await subscribe('one.list@example.com', ['newsletter', 'product-news']);
      const link = await mintUnsubscribeLink(dataAccess(db), app.config, 'one.list@example.com');
      expect(link).toMatch(
        /^https:\/\/www\.example\.com\/unsubscription\/[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+\/one\.list%40example\.com\/.+$/,
      );
      const response = await callFor(link!, 'list');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ error: null, payload: { message: messages.preferencesSaved } });
      expect(await states(contactId)).toEqual([
        ['newsletter', true],
        ['product-news', false],
      ]);
      expect((await callFor(link!, 'list')).statusCode).toBe(200);
    });

    it('unsubscribes from every list with * in place of the list', async () => {
      const contactId = await subscribe('all.lists@example.com', ['newsletter', 'offers']);
      const link = await mintUnsubscribeLink(dataAccess(db), app.config, 'all.lists@example.com');
      expect((await callFor(link!, 'all')).statusCode).toBe(200);
      expect(await states(contactId)).toEqual([
        ['newsletter', true],
        ['offers', true],
      ]);
    });

    it('answers 403 when the link was not issued for this contact or was altered', async () => {
      const contactId = await subscribe('forged@example.com', ['newsletter']);
      const link = (await mintUnsubscribeLink(dataAccess(db), app.config, 'forged@example.com'))!;
      const other = await subscribe('victim@example.com', ['newsletter']);
      expect((await callFor(link, 'list', { id: other, email: 'victim@example.com' })).statusCode).toBe(403);
      const tampered = link.replace(/\.[\w-]{32}\//, `.${'A'.repeat(32)}/`);
      expect(tampered).not.toBe(link);
      const response = await callFor(tampered, 'list');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: serviceMessages.badTrackingLink, payload: null });
      expect(await states(contactId)).toEqual([['newsletter', false]]);
      expect(await states(other)).toEqual([['newsletter', false]]);
    });

    it('answers 404 for a list the contact is not on, and 400 without the contact', async () => {
      await subscribe('not.member@example.com', ['newsletter']);
      const link = (await mintUnsubscribeLink(dataAccess(db), app.config, 'not.member@example.com'))!;
      const otherList = link.replace(
        /unsubscription\/[\w-]+\./,
        `unsubscription/${Buffer.from('nope').toString('base64url')}.`,
      );
      expect((await callFor(otherList, 'list')).statusCode).toBe(404);
      const missing = await app.inject({ method: 'PUT', url: '/services/users/guests/unsubscribe/a/b/c/d' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('contact_email: Email address is required.');
    });

    it('answers a filled honeypot with 200 and changes nothing', async () => {
      const contactId = await subscribe('bot.unsub@example.com', ['newsletter']);
      const link = (await mintUnsubscribeLink(dataAccess(db), app.config, 'bot.unsub@example.com'))!;
      const [trackingId] = new URL(link).pathname.split('/').slice(2);
      const query = new URLSearchParams({
        contact_email: 'bot.unsub@example.com',
        contact_id: contactId,
        homepage: 'x',
      });
      const response = await app.inject({
        method: 'PUT',
        url: `/services/users/guests/unsubscribe/${trackingId!.split('.').join('/')}?${query}`,
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(200);
      expect(await states(contactId)).toEqual([['newsletter', false]]);
    });

    it('mints no link for someone who is not subscribed', async () => {
      expect(await mintUnsubscribeLink(dataAccess(db), app.config, 'nobody@example.com')).toBeNull();
    });
  });

  it('answers 500 with no detail when storage fails', async () => {
    const broken = await open();
    const failing = await testApp({}, { db: broken });
    await sql`drop table outbox`.execute(broken.kysely);
    const response = await failing.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: enquiry });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: serverErrorMessage, payload: null });
    // The lead was rolled back with its mail: no success was answered, so nothing half-stored remains.
    expect(await dataAccess(broken).leads.list({})).toEqual([]);
    await failing.close();
  });
});
