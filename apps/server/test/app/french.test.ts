import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@growmail/contracts/dates';
import { messagesFr } from '@growmail/contracts/messages-fr';
import { serviceMessagesFr } from '@growmail/contracts/service-messages-fr';
import { testApp, useMailingApp } from '@growmail/test-support/app';
import { demoRequest, startupLead } from '@growmail/test-support/submissions';
import { partOf, type ReceivedMail } from '@growmail/test-support/smtp';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const enquiry = {
  form_name: 'enquiry',
  fullname: 'Awa Diop',
  subject: 'Tarifs en francs CFA',
  body: 'Bonjour, nous envoyons 40 000 SMS par mois depuis Dakar.',
};

/** A mail's subject, decoded from its MIME encoded-words. */
function subjectOf(mail: ReceivedMail): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_whole, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

describe('Growmail en français: the server side (D37)', () => {
  const mailing = useMailingApp();

  const post = (url: string, fields: Record<string, string>) =>
    mailing.app.inject({
      method: 'POST',
      url,
      payload: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const mailsTo = (address: string) => mailing.smtp.received.filter((mail) => mail.to.includes(address));

  describe('the JSON services', () => {
    const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      mailing.app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: body, headers });
    const bad = { fullname: 'Awa', email: 'awa@', subject: 'Tarifs', body: 'Bonjour' };

    it('answer a problem in French when Accept-Language prefers it', async () => {
      const response = await send(bad, { 'accept-language': 'fr-CI,fr;q=0.9,en;q=0.5' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: `email: ${messagesFr.invalidEmail}`, payload: null });
      expect(response.headers['content-language']).toBe('fr');
      expect(String(response.headers.vary)).toMatch(/accept-language/i);
    });

    it('answer in the language the body names, over the header', async () => {
      const french = await send({ ...bad, fullname: ' ', language: 'fr' }, { 'accept-language': 'en' });
      expect(french.json<{ error: string }>().error).toBe(`fullname: ${messagesFr.required.fullname}`);
      const english = await send({ ...bad, language: 'en' }, { 'accept-language': 'fr' });
      expect(english.json<{ error: string }>().error).toBe('email: Invalid email address.');
    });

    it('answer in the language of the site’s page that called them, whatever the browser prefers', async () => {
      const origin = mailing.app.config.urls.public;
      const fromFrench = await send(bad, { referer: `${origin}/fr/contact`, 'accept-language': 'en' });
      expect(fromFrench.json<{ error: string }>().error).toBe(`email: ${messagesFr.invalidEmail}`);
      const fromEnglish = await send(bad, { referer: `${origin}/contact`, 'accept-language': 'fr' });
      expect(fromEnglish.json<{ error: string }>().error).toBe('email: Invalid email address.');
      const fromElsewhere = await send(bad, { referer: 'https://elsewhere.example/fr/', 'accept-language': 'en' });
      expect(fromElsewhere.json<{ error: string }>().error).toBe('email: Invalid email address.');
    });

    it('answer in English when nothing asks for French, and refuse a language the site does not speak', async () => {
      expect((await send(bad, { 'accept-language': 'de-DE,en;q=0.5' })).json<{ error: string }>().error).toBe(
        'email: Invalid email address.',
      );
      const unknown = await send({ ...bad, email: 'awa@example.sn', language: 'de' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<{ error: string }>().error).toMatch(/^language: /);
    });

    it.each([
      ['/services/users/demos', demoRequest, 'subscribers'],
      ['/services/sales/leads', startupLead, 'user_count'],
    ] as const)('%s: say an empty count in its own field’s French words (issue 56)', async (url, lead, field) => {
      const payload = { ...lead, metadata: { ...lead.metadata, [field]: '' } };
      const response = await mailing.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'fr' } });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(`metadata.${field}: ${messagesFr.required[field]}`);
    });

    it('say their outcome in French', async () => {
      const response = await send(
        { ...bad, email: 'outcome@example.sn', body: 'Bonjour, une question sur vos tarifs.' },
        { 'accept-language': 'fr' },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json<{ payload: { message: string } }>().payload.message).toBe(serviceMessagesFr.enquiryReceived);
    });

    it('say an unknown endpoint is not there, in French', async () => {
      const response = await mailing.app.inject({ url: '/services/nowhere', headers: { 'accept-language': 'fr' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: serviceMessagesFr.notFound, payload: null });
    });
  });

  describe('with JavaScript off', () => {
    it('a French contact lead reaches sales marked fr, and its writer is answered in French', async () => {
      const email = 'awa.diop@soko.sn';
      const response = await post('/contact', { ...enquiry, email, language: 'fr' });
      expect(response.statusCode).toBe(303);
      const location = String(response.headers.location);
      expect(location).toMatch(/^\/fr\/sent\?form=enquiry&reference=[\w-]+$/);
      const reference = new URLSearchParams(location.split('?')[1]).get('reference')!;

      const lead = await mailing.app.leads.find(reference);
      expect(lead).toMatchObject({ email, language: 'fr' });
      expect(JSON.parse(lead!.metadata)).not.toHaveProperty('language');

      const outcome = await mailing.app.inject(location);
      expect(outcome.statusCode).toBe(200);
      expect(parse(outcome.body).querySelector('#outcome-message')?.text).toBe(serviceMessagesFr.enquiryReceived);

      const salesMail = () => mailsTo('sales@growmail.test').find((mail) => partOf(mail, 'text/plain').includes(email));
      await expect.poll(salesMail, { timeout: 10_000 }).toBeTruthy();
      const sales = salesMail()!;
      expect(subjectOf(sales)).toBe('New enquiry lead (French): Awa Diop');
      expect(partOf(sales, 'text/plain')).toContain('A new enquiry lead arrived from the website.');
      expect(partOf(sales, 'text/plain')).toContain('language: French (fr)');

      await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
      const [acknowledgement] = mailsTo(email);
      expect(subjectOf(acknowledgement!)).toMatch(/^Nous avons bien reçu votre message \(GM-[0-9A-F]{8}\)$/);
      const acknowledged = partOf(acknowledgement!, 'text/plain');
      expect(acknowledged).toMatch(/^Bonjour,\r?\n/);
      expect(acknowledged).toContain('Un membre de notre équipe vous répondra');
      expect(acknowledged).toMatch(/Cordialement,\r?\nL’équipe Growmail\s*$/);

      await expect
        .poll(() => mailing.receiver.accepted.find((event) => event.data.lead_id === reference), { timeout: 10_000 })
        .toBeTruthy();
      const event = mailing.receiver.accepted.find((item) => item.data.lead_id === reference)!;
      expect(event).toMatchObject({ type: 'lead.created', data: { form: 'enquiry', email, language: 'fr' } });
    });

    it('errors come back in French, every field with its problem and everything typed kept', async () => {
      const response = await post('/contact', {
        form_name: 'enquiry',
        fullname: '',
        email: 'awa@',
        subject: 'Tarifs',
        body: '',
        language: 'fr',
      });
      expect(response.statusCode).toBe(400);
      const html = response.body;
      expect(html).toContain(messagesFr.required.fullname);
      expect(html).toContain(messagesFr.invalidEmail);
      expect(html).toContain(messagesFr.required.body);
      expect(html).not.toContain('Full name is required.');
      expect(parse(html).querySelector('input[name="email"]')?.getAttribute('value')).toBe('awa@');
    });

    it('posts to the French path answer in French without the hidden field', async () => {
      const response = await post('/fr/contact', { ...enquiry, email: '' });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(messagesFr.required.email);
    });

    it('a form posted twice as a field is refused in French', async () => {
      const response = await mailing.app.inject({
        method: 'POST',
        url: '/contact',
        payload: `${form({ ...enquiry, email: 'a@b.sn', language: 'fr' })}&email=c@d.sn`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Chaque champ ne peut être envoyé qu’une fois.');
    });

    it('a French visitor books a demo and receives the invitation in French, with times in their zone', async () => {
      const email = 'koffi@abidjan-shop.ci';
      const slots = parse((await mailing.app.inject('/demo')).body)
        .querySelectorAll('[data-demo-slot-days] input[name="slot"]:not([disabled])')
        .map((input) => input.getAttribute('value')!);
      const slot = slots[0]!;
      const response = await post('/demo', {
        form_name: 'demo',
        firstname: 'Koffi',
        lastname: 'Kouassi',
        company_name: 'Abidjan Shop',
        email,
        phone_number: '+225 07 12 34 56 78',
        subscribers: '0:100K',
        zone: 'Africa/Abidjan',
        slot,
        language: 'fr',
      });
      expect(response.statusCode).toBe(303);
      const location = String(response.headers.location);
      expect(location).toMatch(/^\/fr\/sent\?form=demo&reference=/);
      const day = formatDate(
        new Intl.DateTimeFormat('fr', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Africa/Abidjan' }),
        new Date(slot),
      );
      // Abidjan keeps UTC: the hour without its leading zero, an `h` between no-break spaces.
      const time = `${new Date(slot).getUTCHours()}\u00a0h\u00a0${String(new Date(slot).getUTCMinutes()).padStart(2, '0')}`;
      const outcome = parse((await mailing.app.inject(location)).body).querySelector('#outcome-message')?.text;
      expect(outcome).toBe(
        `Votre démo est réservée pour le ${day} à ${time} (heure d’Abidjan). Nous avons hâte d’échanger avec vous.`,
      );

      await expect
        .poll(() => mailsTo(email).filter((mail) => subjectOf(mail).startsWith('Votre démo')).length, {
          timeout: 10_000,
        })
        .toBe(1);
      const invitation = mailsTo(email).find((mail) => subjectOf(mail).startsWith('Votre démo'))!;
      expect(subjectOf(invitation)).toBe(`Votre démo Growmail\u202f: ${day} à ${time}`);
      const text = partOf(invitation, 'text/plain');
      expect(text).toContain('Bonjour Koffi Kouassi,');
      expect(text).toContain(`Quand\u202f: ${day} à ${time} (heure d’Abidjan)`);
      expect(text).toContain('Votre démo Growmail de 30 minutes est réservée.');
      expect(text).not.toMatch(/\b(When|With|Hello)\b/);
      const event = new ICAL.Component(ICAL.parse(partOf(invitation, 'text/calendar'))).getFirstSubcomponent('vevent')!;
      expect(event.getFirstPropertyValue('summary')).toBe('Démo Growmail');
      expect(String(event.getFirstPropertyValue('description'))).toMatch(/^Démo Growmail de 30 minutes avec /);

      const booking = (await mailing.app.demos.upcoming(new Date())).find((row) => row.email === email)!;
      expect(booking.language).toBe('fr');
      expect((await mailing.app.leads.find(booking.lead_id!))?.language).toBe('fr');
    });

    it('a French newsletter request keeps its language, and its confirmation mail is French', async () => {
      const email = 'fatou@dakar.sn';
      const response = await post('/newsletter', { form_name: 'newsletter', email, page: '/fr/', language: 'fr' });
      expect(response.statusCode).toBe(303);
      expect(String(response.headers.location)).toMatch(/^\/fr\/sent\?form=newsletter/);
      await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
      const [mail] = mailsTo(email);
      expect(subjectOf(mail!)).toBe('Confirmez votre abonnement à notre newsletter');
      const text = partOf(mail!, 'text/plain');
      expect(text).toMatch(/\/fr\/newsletter\/confirm\?token=[\w.-]+/);
      const membership = await mailing.app.db.kysely
        .selectFrom('list_memberships')
        .innerJoin('contacts', 'contacts.id', 'list_memberships.contact_id')
        .select(['list_memberships.language', 'list_memberships.consent_wording'])
        .where('contacts.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(membership.language).toBe('fr');
      expect(membership.consent_wording).toMatch(/^Des conseils pour développer votre chiffre d’affaires/);
    });
  });
});

describe('too many requests, in French (D37)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '1' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('tells a French visitor without JavaScript to wait, keeping what they typed', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/contact',
        payload: form({ ...enquiry, email: 'wait@example.sn', language: 'fr' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await send()).statusCode).toBe(303);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Trop de demandes en peu de temps. Patientez une minute, puis réessayez.');
    expect(parse(refused.body).querySelector('input[name="email"]')?.getAttribute('value')).toBe('wait@example.sn');
  });

  // A script is refused before its body is read: the island's Accept-Language says the language.
  it('tells a French script the same', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/services/users/guests/enquiry',
        payload: { ...enquiry, email: 'script@example.sn' },
        headers: { 'accept-language': 'fr' },
      });
    await send();
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: serviceMessagesFr.tooManyRequests, payload: null });
  });
});
