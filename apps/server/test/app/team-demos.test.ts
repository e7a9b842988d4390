import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSlots } from '../../src/demos/availability.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { testApp } from '@growmail/test-support/app';
import { signedIn } from './console-session.ts';

const origin = 'http://localhost:4011';

describe('the Demos page’s availability forms', () => {
  let app: FastifyInstance;
  let sales: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin });
    sales = await signedIn(app, 'sales');
  });
  afterAll(() => app.close());

  const post = (url: string, form: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      cookies: sales.cookies,
      payload: new URLSearchParams({ ...form, _csrf: sales.csrf }).toString(),
    });

  /** The problem shown under a field, and the value the field keeps. */
  const field = (html: string, id: string) => ({
    problem: new RegExp(`<p id="${id}-problem"[^>]*>([^<]*)</p>`).exec(html)?.[1],
    value: new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0].match(/value="([^"]*)"/)?.[1] ?? '',
    invalid: new RegExp(`<input[^>]*id="${id}"[^>]*aria-invalid="true"`).test(html),
  });

  it.each([
    [
      '/team/demos/blocks',
      { from: '24/12/2026', to: '', fromTime: '', toTime: '', host: '', reason: 'Christmas' },
      'off-from',
      'Give the first day, such as 2026-12-24.',
      '24/12/2026',
    ],
    [
      '/team/demos/blocks',
      { from: '2026-12-24', to: '', fromTime: '12:00', toTime: '', host: '', reason: '' },
      'off-toTime',
      'Give both times for part of a day, or neither for whole days.',
      '',
    ],
    [
      '/team/demos/blocks',
      { from: '2026-12-26', to: '2026-12-24', fromTime: '', toTime: '', host: '', reason: '' },
      'off-to',
      'The time off ends before it starts. Check the dates.',
      '2026-12-24',
    ],
    [
      '/team/demos/hours',
      { hours: 'mon-fri 17:00-09:00', zone: 'Africa/Lagos' },
      'hours-hours',
      '17:00-09:00 ends before it starts.',
      'mon-fri 17:00-09:00',
    ],
    [
      '/team/demos/hours',
      { hours: 'mon-fri 09:00-17:00', zone: 'Lagos' },
      'hours-zone',
      'Give an IANA time zone such as Africa/Lagos, not &#x27;Lagos&#x27;.',
      'Lagos',
    ],
    [
      '/team/demos/hosts',
      { id: 'Ada Obi', name: 'Ada Obi', email: 'ada@growmail.io' },
      'host-id',
      'A host id is lower-case letters, digits and dashes, such as ada.',
      'Ada Obi',
    ],
    [
      '/team/demos/hosts',
      { id: 'ada', name: 'Ada Obi', email: 'ada at growmail' },
      'host-email',
      'Give an address such as ada@growmail.io, or none for the sales inbox.',
      'ada at growmail',
    ],
  ])('answers %s with %j by the field %s, keeping what was typed', async (url, form, id, problem, value) => {
    const before = await dataAccess(app.db).audit.list(100);
    const answer = await post(url, form);
    expect(answer.statusCode).toBe(400);
    expect(field(answer.body, id)).toEqual({ problem, value, invalid: true });
    // The other fields keep what was typed too.
    for (const [name, typed] of Object.entries(form)) {
      if (`${id.split('-')[0]}-${name}` === id || name === 'host') continue;
      expect(field(answer.body, `${id.split('-')[0]}-${name}`).value).toBe(typed.replaceAll("'", '&#x27;'));
    }
    expect(await dataAccess(app.db).audit.list(100)).toEqual(before);
  });

  it('blocks part of a day, as the command line can, and audits it', async () => {
    const answer = await post('/team/demos/blocks', {
      from: '2026-12-24',
      to: '',
      fromTime: '12:00',
      toTime: '14:00',
      host: '',
      reason: 'Office party',
    });
    expect(answer.statusCode).toBe(303);
    const data = dataAccess(app.db);
    const [block] = await data.demos.blocks(new Date('2026-12-01T00:00:00Z'));
    // Lagos is an hour ahead of UTC.
    expect(block).toMatchObject({ starts_at: '2026-12-24T11:00:00.000Z', ends_at: '2026-12-24T13:00:00.000Z' });
    const [row] = await data.audit.list(1);
    expect(row).toMatchObject({ action: 'demo.blocked', member_id: sales.member.id, record_id: block!.id });
  });
});

describe('moving and cancelling a booking from the Demos page', () => {
  let app: FastifyInstance;
  let sales: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin });
    sales = await signedIn(app, 'sales');
  });
  afterAll(() => app.close());

  const post = (url: string, form: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      cookies: sales.cookies,
      payload: new URLSearchParams({ ...form, _csrf: sales.csrf }).toString(),
    });
  const booked = async () => {
    const [first, second] = await currentSlots(dataAccess(app.db).demos, new Date(), { noticeMinutes: 0 });
    const id = await dataAccess(app.db).demos.take({
      hostId: first!.hostIds[0]!,
      start: first!.start,
      end: new Date(first!.start.getTime() + 1_800_000),
      leadId: null,
      email: 'kwame@adinkra.test',
      name: 'Kwame',
      zone: 'Africa/Accra',
    });
    return { id: id!, to: second!.start.toISOString() };
  };
  const audited = async (id: string) =>
    (await dataAccess(app.db).audit.forRecord('demo', id)).map((row) => [row.action, row.member_id]);

  it('moves and cancels through the use cases, each audited once, by the member', async () => {
    const { id, to } = await booked();
    expect((await post(`/team/demos/${id}/move`, { slot: to })).headers.location).toBe('/team/demos?done=moved');
    expect(await dataAccess(app.db).demos.booking(id)).toMatchObject({ starts_at: to });
    expect((await post(`/team/demos/${id}/cancel`)).headers.location).toBe('/team/demos?done=cancelled');
    expect(await audited(id)).toEqual([
      ['demo.moved', sales.member.id],
      ['demo.cancelled', sales.member.id],
    ]);
    const again = await post(`/team/demos/${id}/cancel`);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('it cannot move');
    expect(await audited(id)).toHaveLength(2);
  });

  it('answers a bad slot with the page and its problem, a bad id with a 4xx, and changes nothing', async () => {
    const { id } = await booked();
    const badSlot = await post(`/team/demos/${id}/move`, { slot: 'tomorrow' });
    expect(badSlot.statusCode).toBe(400);
    expect(badSlot.body).toContain('Choose a new time for the booking.');
    expect((await post('/team/demos/not-a-booking/move', { slot: new Date().toISOString() })).statusCode).toBe(404);
    expect((await post('/team/demos/not-a-booking/cancel')).statusCode).toBe(400);
    const badMove = await app.inject({ url: '/team/demos?move=../leads', cookies: sales.cookies });
    expect(badMove.statusCode).toBe(400);
    expect(await audited(id)).toEqual([]);
    expect(await dataAccess(app.db).demos.booking(id)).toMatchObject({ status: 'booked' });
  });

  it('offers the open times for the booking named in the address, with the notice by its key', async () => {
    const { id } = await booked();
    const page = await app.inject({ url: `/team/demos?move=${id}&done=moved`, cookies: sales.cookies });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Moved. The prospect gets the updated invitation.');
    expect(page.body).toContain(`action="/team/demos/${id}/move"`);
  });
});
