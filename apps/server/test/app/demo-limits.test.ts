import { bookingMessages } from '@growmail/contracts/demo-booking';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { createSchema, testDatabases } from '@growmail/test-support/databases';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const request = (email: string) => ({
  form_name: 'demo',
  firstname: 'Wanjiru',
  lastname: 'Kamau',
  company_name: 'Duka Ltd',
  email,
  phone_number: '+254 712 345678',
  subscribers: '0:100K',
});

/** The open slots /demo offers, earliest first. */
const openSlots = async (app: FastifyInstance) =>
  parse((await app.inject('/demo')).body)
    .querySelectorAll('[data-demo-slot-days] input[name="slot"]:not([disabled])')
    .map((input) => input.getAttribute('value')!);

const post = (app: FastifyInstance, fields: Record<string, string>, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/demo',
    payload: form(fields),
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const json = (app: FastifyInstance, email: string, slot: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/services/users/demos',
    remoteAddress,
    payload: { type: 'demo', metadata: { type: 'demo', ...request(email) }, booking: { slot, zone: 'Africa/Lagos' } },
  });

/** What is stored for an address: its leads, its live bookings, and the mails of its held booking. */
async function storedFor(app: FastifyInstance, email: string) {
  const held = await app.db.kysely
    .selectFrom('outbox')
    .select('message')
    .where('topic', '=', `demo:held:${email.toLowerCase()}`)
    .execute();
  return {
    leads: (await app.leads.list({ type: 'demo' })).filter((lead) => lead.email.toLowerCase() === email.toLowerCase())
      .length,
    bookings: (await app.demos.upcoming(new Date())).filter((row) => row.email.toLowerCase() === email.toLowerCase()),
    heldMails: held.map((row) => JSON.parse(row.message) as { to: string; subject: string; text: string }),
  };
}

describe('one open demo booking per email address (D32, issue 29)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000', PUBLIC_URL: 'https://www.growmail.test' });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('takes no second slot for an address that holds one, stores the lead, and mails the booking once a day', async () => {
    const [first, second, third] = await openSlots(app);
    const booked = await post(app, { ...request('once@duka.test'), zone: 'Africa/Nairobi', slot: first! });
    expect(booked.statusCode).toBe(303);
    const bookedOutcome = parse((await app.inject(String(booked.headers.location))).body);

    // The same address, spelt otherwise, for another time: the visitor's answer has the same shape.
    const again = await post(app, { ...request('Once@Duka.test'), zone: 'Africa/Nairobi', slot: second! });
    expect(again.statusCode).toBe(303);
    const againOutcome = parse((await app.inject(String(again.headers.location))).body);
    const shape = (text: string | undefined) => text?.replace(/for .+ \(/, 'for … (');
    expect(shape(againOutcome.querySelector('#outcome-message')?.text)).toBe(
      shape(bookedOutcome.querySelector('#outcome-message')?.text),
    );
    expect(await openSlots(app)).toContain(second);

    let stored = await storedFor(app, 'once@duka.test');
    expect(stored.bookings.map((row) => row.starts_at)).toEqual([first]);
    expect(stored.leads).toBe(2);
    expect(stored.heldMails).toHaveLength(1);
    const [mail] = stored.heldMails;
    expect(mail).toMatchObject({ to: 'once@duka.test', subject: expect.stringMatching(/already booked/) });
    expect(mail!.text).toContain('https://www.growmail.test/demo/booking?token=');
    expect(mail!.text).toContain('(Africa/Nairobi time)');

    // A third, by the JSON service, within the day: stored as a lead, no slot, no more mail.
    const third201 = await json(app, 'once@duka.test', third!);
    expect(third201.statusCode).toBe(201);
    stored = await storedFor(app, 'once@duka.test');
    expect(stored.bookings).toHaveLength(1);
    expect(stored.leads).toBe(3);
    expect(stored.heldMails).toHaveLength(1);
    const leads = (await app.leads.list({ type: 'demo' })).filter(
      (lead) => lead.email.toLowerCase() === 'once@duka.test',
    );
    expect(leads.map((lead) => JSON.parse(lead.metadata).demo_start).sort()).toEqual([first, second, third].sort());
  });

  it('answers a time not on offer as it would for any address, whether or not the address holds a demo', async () => {
    const [first, taken] = await openSlots(app);
    expect((await json(app, 'holder@duka.test', first!)).statusCode).toBe(201);
    expect((await json(app, 'taker@duka.test', taken!)).statusCode).toBe(201);
    for (const email of ['holder@duka.test', 'stranger@duka.test']) {
      const gone = await json(app, email, taken!);
      expect(gone.statusCode).toBe(409);
      expect(gone.json()).toEqual({ error: `booking.slot: ${bookingMessages.slotGone}`, payload: null });
      expect((await json(app, email, '2020-01-06T09:00:00.000Z')).statusCode).toBe(400);
    }
    expect(await storedFor(app, 'holder@duka.test')).toMatchObject({ leads: 1, heldMails: [] });
  });

  it('lets an address book again once its booking is cancelled or has taken place', async () => {
    const [first, second, third] = await openSlots(app);
    expect((await json(app, 'again@duka.test', first!)).statusCode).toBe(201);
    const [booking] = (await storedFor(app, 'again@duka.test')).bookings;
    await app.db.kysely
      .updateTable('demo_bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', booking!.id)
      .execute();
    expect((await json(app, 'again@duka.test', second!)).statusCode).toBe(201);
    const [next] = (await storedFor(app, 'again@duka.test')).bookings;
    expect(next?.starts_at).toBe(second);
    await app.db.kysely
      .updateTable('demo_bookings')
      .set({
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        ends_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .where('id', '=', next!.id)
      .execute();
    expect((await json(app, 'again@duka.test', third!)).statusCode).toBe(201);
    expect((await storedFor(app, 'again@duka.test')).bookings.map((row) => row.starts_at)).toContain(third);
  });
});

describe('the daily cap of slot requests per client address (DEMO_BOOKINGS_PER_ADDRESS_PER_DAY)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000', DEMO_BOOKINGS_PER_ADDRESS_PER_DAY: '2' });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('refuses the JSON service past the cap with 429, storing nothing; another address still books', async () => {
    const slots = await openSlots(app);
    expect((await json(app, 'cap1@duka.test', slots[0]!, '10.0.0.1')).statusCode).toBe(201);
    // An address's second request counts too: the cap says nothing of any email address.
    expect((await json(app, 'cap1@duka.test', slots[1]!, '10.0.0.1')).statusCode).toBe(201);
    const refused = await json(app, 'cap2@duka.test', slots[2]!, '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: `booking.slot: ${bookingMessages.tooManyToday}`, payload: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await storedFor(app, 'cap2@duka.test')).toMatchObject({ leads: 0, bookings: [] });
    // A request with no slot is a plain demo request, and is not capped.
    const plain = await app.inject({
      method: 'POST',
      url: '/services/users/demos',
      remoteAddress: '10.0.0.1',
      payload: { type: 'demo', metadata: { type: 'demo', ...request('cap2@duka.test') } },
    });
    expect(plain.statusCode).toBe(201);
    expect((await json(app, 'cap3@duka.test', slots[2]!, '10.0.0.2')).statusCode).toBe(201);
  });

  it('answers the native post past the cap with 429 and the form’s message at the times, keeping what was typed', async () => {
    const slots = await openSlots(app);
    for (const [n, slot] of slots.slice(0, 2).entries()) {
      expect(
        (await post(app, { ...request(`form${n}@duka.test`), zone: 'Africa/Lagos', slot }, '10.0.0.3')).statusCode,
      ).toBe(303);
    }
    const refused = await post(
      app,
      { ...request('form2@duka.test'), zone: 'Africa/Lagos', slot: slots[2]! },
      '10.0.0.3',
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const html = parse(refused.body);
    expect(html.querySelector('#demo-slot-error')?.text).toBe(bookingMessages.tooManyToday);
    expect(html.querySelector('[data-error-summary-list]')?.text).toBe(bookingMessages.tooManyToday);
    expect(html.querySelector('input[name="email"]')?.getAttribute('value')).toBe('form2@duka.test');
    expect(await storedFor(app, 'form2@duka.test')).toMatchObject({ leads: 0, bookings: [] });
  });
});

describe('both rules on three servers sharing PostgreSQL', async () => {
  const postgres = (await testDatabases()).some((database) => database.name === 'postgres');
  it.skipIf(!postgres)(
    'books one slot for ten requests at once from one address, and no more than the cap from one client',
    async () => {
      const schema = await createSchema('demo_limits_app');
      // One after another: three apps loading the site at once can overrun the plugin timeout on a busy machine.
      const servers: FastifyInstance[] = [];
      try {
        for (let n = 0; n < 3; n += 1) {
          const server = await testApp({
            DATABASE_URL: schema.url,
            RATE_LIMIT_PER_MINUTE: '1000',
            DEMO_BOOKINGS_PER_ADDRESS_PER_DAY: '3',
          });
          servers.push(server);
          await server.ready();
        }
        const slots = await openSlots(servers[0]!);
        const sameAddress = await Promise.all(
          Array.from({ length: 10 }, (_, n) => json(servers[n % 3]!, 'many@duka.test', slots[n]!, `10.1.0.${n + 1}`)),
        );
        expect(sameAddress.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
        const many = await storedFor(servers[0]!, 'many@duka.test');
        expect(many.bookings).toHaveLength(1);
        expect(many.leads).toBe(10);
        expect(many.heldMails).toHaveLength(1);

        const oneClient = await Promise.all(
          Array.from({ length: 10 }, (_, n) =>
            json(servers[n % 3]!, `client${n}@duka.test`, slots[10 + n]!, '10.2.0.1'),
          ),
        );
        const statuses = oneClient.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([...Array(3).fill(201), ...Array(7).fill(429)]);
        const bookings = (await servers[1]!.demos.upcoming(new Date())).filter((row) => row.email.startsWith('client'));
        expect(bookings).toHaveLength(3);
      } finally {
        await Promise.all(servers.map((server) => server.close()));
        await schema.drop();
      }
    },
    60_000,
  );
});
