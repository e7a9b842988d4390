import { bookingMessages } from '@growmail/contracts/demo-booking';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { createSchema, testDatabases } from '@growmail/test-support/databases';

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body.toString();
};

const request = (email: string) => ({
  form_name: 'demo',
  firstname: 'Wanjiru',
  lastname: 'Kamau',
  company_name: 'Duka Ltd',
  email,
  phone_number: '+254 712 345678',
  subscribers: '0:100K',
  homepage: '',
});

const time = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });

describe('booking a demo slot on /demo without JavaScript (D32)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000' });
    await app.ready();
  });
  afterAll(() => app?.close());

  const post = (fields: Record<string, string | string[]>) =>
    app.inject({
      method: 'POST',
      url: '/demo',
      payload: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const slotsOn = (html: string) => {
    const root = parse(html);
    return root.querySelectorAll('[data-demo-slot-days] input[name="slot"]').map((input) => ({
      value: input.getAttribute('value')!,
      label: root.querySelector(`label[for="${input.id}"]`)?.text,
      disabled: input.hasAttribute('disabled'),
    }));
  };
  const firstSlot = async () => slotsOn((await app.inject('/demo')).body)[0]!.value;
  const stored = async (email: string) => ({
    leads: (await app.leads.list({})).filter((lead) => lead.email === email).length,
    bookings: (await app.demos.upcoming(new Date())).filter((booking) => booking.email === email).length,
  });

  it('lists the open slots by day in Lagos, with "None of these times" chosen, kept by a shared cache for seconds', async () => {
    const response = await app.inject('/demo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    const html = parse(response.body);
    const days = html.querySelectorAll('[data-demo-slot-days] fieldset');
    expect(days.length).toBeGreaterThanOrEqual(9);
    expect(days[0]?.querySelector('legend')?.text).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday) \d+ \w+$/);
    // Days fold so the list is compact on a phone: the first is open, and is named by its summary too.
    const folded = html.querySelectorAll('[data-demo-slot-days] > details');
    expect(folded.map((day) => day.hasAttribute('open'))).toEqual(folded.map((_, index) => index === 0));
    expect(folded[0]?.querySelector('summary')?.text).toBe(days[0]?.querySelector('legend')?.text);
    // The browser may show the times in its own zone: the served one is not the visitor's choice.
    expect(html.querySelector('select[name="zone"]')?.hasAttribute('data-demo-zone-chosen')).toBe(false);
    const slots = slotsOn(response.body);
    expect(slots.length).toBeGreaterThan(100);
    for (const slot of slots) {
      expect(slot.label).toBe(time('Africa/Lagos').format(new Date(slot.value)));
      expect(new Date(slot.value).getTime()).toBeGreaterThan(Date.now() + 2 * 3_600_000);
    }
    expect(html.querySelector('#demo-slot-none')?.hasAttribute('checked')).toBe(true);
    expect(html.querySelector('select[name="zone"] option[selected]')?.getAttribute('value')).toBe('Africa/Lagos');
    expect(new Set(html.querySelectorAll('[id]').map((element) => element.id)).size).toBe(
      html.querySelectorAll('[id]').length,
    );
  });

  it('lists the same open slots on /fr/demo, in French and in Abidjan time first (D37)', async () => {
    const english = slotsOn((await app.inject('/demo')).body).map((slot) => slot.value);
    const response = await app.inject('/fr/demo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    const html = parse(response.body);
    expect(html.querySelector('html')?.getAttribute('lang')).toBe('fr');
    expect(html.querySelector('select[name="zone"] option[selected]')?.getAttribute('value')).toBe('Africa/Abidjan');
    const slots = slotsOn(response.body);
    expect(slots.map((slot) => slot.value)).toEqual(english);
    expect(slots.length).toBeGreaterThan(100);
  });

  it('shows the times in the zone chosen, keeping what was typed and storing nothing', async () => {
    const response = await post({
      ...request('zone@duka.test'),
      zone: 'Africa/Nairobi',
      slot: 'none',
      show_times: '1',
    });
    expect(response.statusCode).toBe(200);
    const html = parse(response.body);
    expect(html.querySelector('input[name="email"]')?.getAttribute('value')).toBe('zone@duka.test');
    expect(html.querySelector('select[name="zone"] option[selected]')?.getAttribute('value')).toBe('Africa/Nairobi');
    expect(html.querySelector('select[name="zone"]')?.hasAttribute('data-demo-zone-chosen')).toBe(true);
    expect(html.querySelector('[data-error-summary]')?.hasAttribute('hidden')).toBe(true);
    const [first] = slotsOn(response.body);
    expect(first?.label).toBe(time('Africa/Nairobi').format(new Date(first!.value)));
    expect(await stored('zone@duka.test')).toEqual({ leads: 0, bookings: 0 });
  });

  it('adds a zone the list lacks when the page comes back in it', async () => {
    const response = await post({ ...request('x@duka.test'), zone: 'Pacific/Auckland', show_times: '1' });
    const selected = parse(response.body).querySelector('select[name="zone"] option[selected]');
    expect(selected?.getAttribute('value')).toBe('Pacific/Auckland');
  });

  it('books a slot with the request: 303 to an outcome naming the time, the lead stored with it, the slot no longer offered', async () => {
    const slot = await firstSlot();
    const response = await post({ ...request('booked@duka.test'), zone: 'Africa/Nairobi', slot });
    expect(response.statusCode).toBe(303);
    const outcome = await app.inject(String(response.headers.location));
    const start = new Date(slot);
    const day = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'Africa/Nairobi',
    }).format(start);
    expect(parse(outcome.body).querySelector('#outcome-message')?.text).toBe(
      `Your demo is booked for ${day}, ${time('Africa/Nairobi').format(start)} (Africa/Nairobi time). We look forward to speaking with you.`,
    );
    const [booking] = (await app.demos.upcoming(new Date())).filter((row) => row.email === 'booked@duka.test');
    expect(booking).toMatchObject({ starts_at: slot, host_id: 'sales', zone: 'Africa/Nairobi', name: 'Wanjiru Kamau' });
    const [lead] = (await app.leads.list({})).filter((row) => row.email === 'booked@duka.test');
    expect(booking?.lead_id).toBe(lead?.id);
    expect(JSON.parse(lead!.metadata)).toMatchObject({ demo_start: slot, demo_zone: 'Africa/Nairobi' });
    expect(slotsOn((await app.inject('/demo')).body).map((open) => open.value)).not.toContain(slot);
  });

  it('sends the request as before with "None of these times work for me"', async () => {
    const response = await post({ ...request('none@duka.test'), zone: 'Africa/Lagos', slot: 'none' });
    expect(response.statusCode).toBe(303);
    const outcome = await app.inject(String(response.headers.location));
    expect(parse(outcome.body).querySelector('#outcome-message')?.text).toBe('Request submitted successfully');
    expect(await stored('none@duka.test')).toEqual({ leads: 1, bookings: 0 });
  });

  it('gives the loser of a slot the form back: the slot marked taken, everything typed kept, fresh slots', async () => {
    const slot = await firstSlot();
    expect((await post({ ...request('first@duka.test'), zone: 'Africa/Lagos', slot })).statusCode).toBe(303);
    const response = await post({ ...request('second@duka.test'), zone: 'Europe/London', slot });
    expect(response.statusCode).toBe(409);
    const html = parse(response.body);
    expect(html.querySelector('#demo-slot-error')?.text).toBe(bookingMessages.slotGone);
    expect(html.querySelector('[data-error-summary-list]')?.text).toBe(bookingMessages.slotGone);
    expect(html.querySelector('input[name="email"]')?.getAttribute('value')).toBe('second@duka.test');
    expect(html.querySelector('input[name="firstname"]')?.getAttribute('value')).toBe('Wanjiru');
    expect(html.querySelector('select[name="zone"] option[selected]')?.getAttribute('value')).toBe('Europe/London');
    const slots = slotsOn(response.body);
    expect(slots.find((shown) => shown.value === slot)).toEqual({
      value: slot,
      label: `${time('Europe/London').format(new Date(slot))} (just taken)`,
      disabled: true,
    });
    expect(slots.filter((shown) => !shown.disabled).length).toBeGreaterThan(100);
    // The taken time's day is open, where the visitor was choosing.
    expect(html.querySelector(`input[value="${slot}"]`)?.closest('details')?.hasAttribute('open')).toBe(true);
    expect(html.querySelector('#demo-slot-none')?.hasAttribute('checked')).toBe(true);
    expect(html.querySelectorAll('input[name="slot"][checked]')).toHaveLength(1);
    expect(await stored('second@duka.test')).toEqual({ leads: 0, bookings: 0 });
  });

  it.each([
    ['a forged slot id', { slot: 'slot-42' }, 400, bookingMessages.slotUnknown],
    ['a slot at the weekend', { slot: 'saturday' }, 400, bookingMessages.slotUnknown],
    ['a slot in the past', { slot: 'past' }, 400, bookingMessages.slotUnknown],
    ['a slot off the half hour', { slot: 'offset' }, 400, bookingMessages.slotUnknown],
    ['a slot past 14 days', { slot: 'far' }, 400, bookingMessages.slotUnknown],
    ['a zone that is not an IANA name', { zone: '+03:00' }, 400, bookingMessages.zoneInvalid],
    ['an unknown zone', { zone: 'Mars/Olympus_Mons' }, 400, bookingMessages.zoneInvalid],
  ])('refuses %s with a plain message, storing nothing', async (_name, change, status, message) => {
    const open = await firstSlot();
    const nextSaturday = new Date(open);
    while (nextSaturday.getUTCDay() !== 6) nextSaturday.setUTCDate(nextSaturday.getUTCDate() + 1);
    const slots: Record<string, string> = {
      saturday: nextSaturday.toISOString(),
      past: new Date(new Date(open).getTime() - 7 * 86_400_000).toISOString(),
      offset: new Date(new Date(open).getTime() + 15 * 60_000).toISOString().replace(/\d\d\.000Z$/, '00.000Z'),
      far: new Date(new Date(open).getTime() + 21 * 86_400_000).toISOString(),
    };
    const slot = 'slot' in change ? (slots[change.slot] ?? change.slot) : open;
    const email = `bad-${_name.replaceAll(' ', '-')}@duka.test`;
    const response = await post({ ...request(email), zone: 'zone' in change ? change.zone : 'Africa/Lagos', slot });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(parse(response.body).querySelector('[data-error-summary-list]')?.text).toBe(message);
    expect(response.body).not.toMatch(/at \w+ \(.*\.ts:\d+/);
    expect(await stored(email)).toEqual({ leads: 0, bookings: 0 });
  });

  it('refuses a body that repeats the slot field, storing nothing', async () => {
    const [one, two] = slotsOn((await app.inject('/demo')).body);
    const response = await post({
      ...request('twice@duka.test'),
      zone: 'Africa/Lagos',
      slot: [one!.value, two!.value],
    });
    expect(response.statusCode).toBe(400);
    expect(parse(response.body).querySelector('[data-error-summary-alert]')?.text).toBe(
      'Each field may be sent once. Please send the form again from its page.',
    );
    expect(await stored('twice@duka.test')).toEqual({ leads: 0, bookings: 0 });
  });

  it('answers the JSON service the same way: 400 for a slot not on offer, 409 when taken, 201 when booked', async () => {
    const slot = await firstSlot();
    const json = (email: string, booking: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/services/users/demos',
        payload: {
          type: 'demo',
          metadata: { type: 'demo', ...request(email), form_name: undefined, homepage: undefined },
          booking,
        },
      });
    expect((await json('j1@duka.test', { slot: 'nope', zone: 'Africa/Lagos' })).json()).toEqual({
      error: `booking.slot: ${bookingMessages.slotUnknown}`,
      payload: null,
    });
    expect((await json('j2@duka.test', { slot, zone: 'Africa/Lagos' })).statusCode).toBe(201);
    const lost = await json('j3@duka.test', { slot, zone: 'Africa/Lagos' });
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toEqual({ error: `booking.slot: ${bookingMessages.slotGone}`, payload: null });
  });
});

describe('the demo page while the database is away', () => {
  it('still lists no times, saying so, and keeps "None of these times"', async () => {
    const app = await testApp({ DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    try {
      await app.ready();
      const response = await app.inject('/demo');
      expect(response.statusCode).toBe(200);
      const html = parse(response.body);
      expect(html.querySelector('#demo-slots-note')?.text).toBe(bookingMessages.timesUnavailable);
      expect(html.querySelector('#demo-slots-note')?.hasAttribute('hidden')).toBe(false);
      expect(html.querySelectorAll('[data-demo-slot-days] input')).toHaveLength(0);
      expect(html.querySelector('#demo-slot-none')?.hasAttribute('checked')).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('a race for one slot on three servers sharing PostgreSQL', async () => {
  const postgres = (await testDatabases()).some((database) => database.name === 'postgres');
  it.skipIf(!postgres)(
    'books it once per host of 20 posts at once, and gives the others the form back',
    async () => {
      const schema = await createSchema('demo_race_app');
      const servers = await Promise.all(
        [0, 1, 2].map(() => testApp({ DATABASE_URL: schema.url, RATE_LIMIT_PER_MINUTE: '1000' })),
      );
      try {
        await Promise.all(servers.map((server) => server.ready()));
        await servers[0]!.demos.saveHost({ id: 'ada', name: 'Ada Obi', email: 'ada@growmail.io' });
        const page = parse((await servers[1]!.inject('/demo')).body);
        const slot = page.querySelector('[data-demo-slot-days] input[name="slot"]')!.getAttribute('value')!;
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, n) =>
            servers[n % 3]!.inject({
              method: 'POST',
              url: '/demo',
              payload: form({ ...request(`racer${n}@duka.test`), zone: 'Africa/Lagos', slot }),
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }),
          ),
        );
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([...Array(2).fill(303), ...Array(18).fill(409)]);
        const bookings = (await servers[2]!.demos.upcoming(new Date())).filter((row) => row.starts_at === slot);
        expect(bookings.map((row) => row.host_id).sort()).toEqual(['ada', 'sales']);
        const leads = await servers[0]!.leads.list({ type: 'demo' });
        expect(leads).toHaveLength(2);
      } finally {
        await Promise.all(servers.map((server) => server.close()));
        await schema.drop();
      }
    },
    60_000,
  );
});
