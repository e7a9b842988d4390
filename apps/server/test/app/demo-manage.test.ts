import { bookingMessages } from '@growmail/contracts/demo-booking';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { linkSecret, manageBookingLink } from '../../src/demos/links.ts';

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body.toString();
};

describe('moving and cancelling a demo from its signed link, without JavaScript (D32)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000', PUBLIC_URL: 'https://www.growmail.test' });
    await app.ready();
  });
  afterAll(() => app?.close());

  const post = (url: string, fields: Record<string, string | string[]>) =>
    app.inject({
      method: 'POST',
      url,
      payload: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const openSlots = (html: string) =>
    parse(html)
      .querySelectorAll('[data-demo-slot-days] input[name="slot"]:not([disabled])')
      .map((input) => input.getAttribute('value')!);

  /** Books the n-th open slot from /demo, and returns the booking and the path of its link. */
  async function book(email: string, n = 0) {
    const slot = openSlots((await app.inject('/demo')).body)[n]!;
    const response = await post('/demo', {
      form_name: 'demo',
      firstname: 'Kofi',
      lastname: 'Mensah',
      company_name: 'Adinkra Ltd',
      email,
      phone_number: '+233 24 123 4567',
      subscribers: '0:100K',
      zone: 'Africa/Accra',
      slot,
    });
    expect(response.statusCode).toBe(303);
    const booking = (await app.demos.upcoming(new Date())).find((row) => row.email === email)!;
    const link = new URL(manageBookingLink(app.config, await linkSecret(app, app.config), booking.id));
    return { slot, booking, path: `${link.pathname}${link.search}`, token: link.searchParams.get('token')! };
  }

  it('carries only the booking’s random id and its signature in the link', async () => {
    const { booking, path } = await book('link@adinkra.test');
    expect(path).toMatch(new RegExp(`^/demo/booking\\?token=${booking.id}\\.[\\w-]{43}$`));
    expect(path).not.toContain('adinkra');
  });

  it('shows the booking and the times to move it to, in the prospect’s zone', async () => {
    const { path, token } = await book('show@adinkra.test');
    const response = await app.inject(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = parse(response.body);
    expect(html.querySelector('#booking-status')?.text).toMatch(
      /^Your demo is booked for \w+ \d+ \w+, \d\d:\d\d \(Africa\/Accra time\), with Sales team\.$/,
    );
    expect(html.querySelector('form[data-form="booking"]')).not.toBeNull();
    expect(html.querySelector('input[name="token"]')?.getAttribute('value')).toBe(token);
    expect(html.querySelector('select[name="zone"] option[selected]')?.getAttribute('value')).toBe('Africa/Accra');
    expect(openSlots(response.body).length).toBeGreaterThan(100);
  });

  it('moves the demo, freeing the old slot as it takes the new one', async () => {
    const { slot, booking, path, token } = await book('move@adinkra.test');
    const next = openSlots((await app.inject(path)).body).find((open) => open !== slot)!;
    const response = await post('/demo/booking', { token, action: 'reschedule', zone: 'Africa/Accra', slot: next });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(path);
    const moved = await app.demos.booking(booking.id);
    expect(moved).toMatchObject({ starts_at: next, status: 'booked', sequence: 1 });
    const open = openSlots((await app.inject('/demo')).body);
    expect(open).toContain(slot);
    expect(open).not.toContain(next);
    const outbox = await app.db.kysely
      .selectFrom('outbox')
      .select('topic')
      .where('message', 'like', '%move@adinkra%')
      .execute();
    expect(outbox.map((row) => row.topic)).toContain('demo:moved');
  });

  it('refuses a time taken by someone else, keeping the booking where it was', async () => {
    const first = await book('keep@adinkra.test', 0);
    const other = await book('other@adinkra.test', 0);
    const response = await post('/demo/booking', {
      token: first.token,
      action: 'reschedule',
      zone: 'Africa/Accra',
      slot: other.slot,
    });
    expect(response.statusCode).toBe(409);
    expect(parse(response.body).querySelector('[data-error-summary-list]')?.text).toBe(bookingMessages.slotGone);
    expect((await app.demos.booking(first.booking.id))?.starts_at).toBe(first.slot);
  });

  it('cancels the demo, and then it cannot be changed', async () => {
    const { booking, path, token } = await book('cancel@adinkra.test');
    const response = await post('/demo/booking', { token, action: 'cancel' });
    expect(response.statusCode).toBe(303);
    expect((await app.demos.booking(booking.id))?.status).toBe('cancelled');
    const page = parse((await app.inject(path)).body);
    expect(page.querySelector('#booking-status')?.text).toMatch(/^This demo was cancelled/);
    expect(page.querySelector('form[data-form="booking"]')).toBeNull();
    const again = await post('/demo/booking', { token, action: 'cancel' });
    expect(again.statusCode).toBe(409);
    const slot = openSlots((await app.inject('/demo')).body)[3]!;
    expect((await post('/demo/booking', { token, action: 'reschedule', zone: 'UTC', slot })).statusCode).toBe(409);
  });

  it('cannot change a demo that has started', async () => {
    const { booking, token } = await book('past@adinkra.test');
    await app.db.kysely
      .updateTable('demo_bookings')
      .set({ starts_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', booking.id)
      .execute();
    expect((await post('/demo/booking', { token, action: 'cancel' })).statusCode).toBe(409);
    expect((await app.demos.booking(booking.id))?.status).toBe('booked');
  });

  it.each([
    ['a changed signature', (token: string) => `${token.slice(0, -2)}xx`],
    ['another booking’s id', (token: string) => `00000000-0000-4000-8000-000000000000${token.slice(36)}`],
    ['no signature', (token: string) => token.slice(0, 36)],
  ])('answers a link with %s 403, changing nothing', async (_name, tamper) => {
    const { booking, token } = await book(`tamper-${_name.length}@adinkra.test`);
    const forged = tamper(token);
    const page = await app.inject(`/demo/booking?token=${encodeURIComponent(forged)}`);
    expect(page.statusCode).toBe(403);
    expect(parse(page.body).querySelector('form[data-form="booking"]')).toBeNull();
    expect((await post('/demo/booking', { token: forged, action: 'cancel' })).statusCode).toBe(403);
    expect((await app.demos.booking(booking.id))?.status).toBe('booked');
  });

  it('refuses a repeated field and a zone that is not an IANA name, changing nothing', async () => {
    const { booking, slot, token } = await book('bad@adinkra.test');
    const next = openSlots((await app.inject('/demo')).body)[5]!;
    const twice = await post('/demo/booking', { token, action: 'reschedule', zone: 'UTC', slot: [next, next] });
    expect(twice.statusCode).toBe(400);
    const zone = await post('/demo/booking', { token, action: 'reschedule', zone: '+01:00', slot: next });
    expect(zone.statusCode).toBe(400);
    expect(parse(zone.body).querySelector('#demo-zone-error')?.text).toBe(bookingMessages.zoneInvalid);
    const none = await post('/demo/booking', { token, action: 'reschedule', zone: 'UTC' });
    expect(none.statusCode).toBe(400);
    expect((await app.demos.booking(booking.id))?.starts_at).toBe(slot);
  });

  it.each([
    ['JSON', 'application/json', '{"token":"x","action":"cancel"}'],
    ['text', 'text/plain', 'token=x&action=cancel'],
  ])('answers a %s body 415 with the page saying why, as the other form posts do', async (_name, type, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/demo/booking',
      payload,
      headers: { 'content-type': type },
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(parse(response.body).querySelector('#booking-status')?.text).toContain('not sent as a web form');
  });

  it('answers a visitor past the rate limit 429 with the page saying why', async () => {
    const limited = await testApp({ RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const send = () =>
        limited.inject({
          method: 'POST',
          url: '/demo/booking',
          payload: form({ token: 'x', action: 'cancel' }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      expect((await send()).statusCode).toBe(403);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(parse(refused.body).querySelector('#booking-status')?.text).toContain('Too many requests');
    } finally {
      await limited.close();
    }
  });
});
