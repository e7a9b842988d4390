import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSlots } from '../../src/demos/availability.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';
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

describe('taking time off back from the Demos page', () => {
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

  it('asks first: a removal without the confirmation changes nothing', async () => {
    const day = new Date(Date.now() + 5 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const saved = await post('/team/demos/blocks', { from: day, reason: 'Retreat' });
    const id = /block=([0-9a-f-]{36})/.exec(saved.headers.location!)![1]!;
    const data = dataAccess(app.db);
    const state = async () => ({
      blocks: await data.demos.blocks(new Date()),
      version: await data.demos.availabilityVersion(),
      audit: await data.audit.list(100),
    });
    const before = await state();
    const asked = await post(`/team/demos/blocks/${id}/remove`);
    expect(asked.statusCode).toBe(200);
    const body = asked.body.replaceAll('<!-- -->', '');
    expect(body).toMatch(/Remove the time off of Everyone: [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+\?/);
    expect(body).toContain('/demo offers those times again, within the hours, with every host. Nobody is mailed.');
    expect(body).toMatch(
      new RegExp(`action="/team/demos/blocks/${id}/remove"[^>]*>[\\s\\S]*?name="confirm" value="yes"`),
    );
    expect(await state()).toEqual(before);

    const removed = await post(`/team/demos/blocks/${id}/remove`, { confirm: 'yes' });
    expect(removed.headers.location).toBe('/team/demos?done=unblocked#notice');
    expect(await data.demos.blocks(new Date())).toEqual([]);
    expect((await data.audit.forRecord('demo', id)).map((row) => row.action)).toEqual([
      'demo.blocked',
      'demo.unblocked',
    ]);
    // Gone, it is neither offered again for a confirmation nor removed twice.
    expect((await post(`/team/demos/blocks/${id}/remove`)).statusCode).toBe(404);
    expect((await post(`/team/demos/blocks/${id}/remove`, { confirm: 'yes' })).statusCode).toBe(404);
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
    expect((await post(`/team/demos/${id}/move`, { slot: to })).headers.location).toBe('/team/demos?done=moved#notice');
    expect(await dataAccess(app.db).demos.booking(id)).toMatchObject({ starts_at: to });
    expect((await post(`/team/demos/${id}/cancel`, { confirm: 'yes' })).headers.location).toBe(
      '/team/demos?done=cancelled#notice',
    );
    expect(await audited(id)).toEqual([
      ['demo.moved', sales.member.id],
      ['demo.cancelled', sales.member.id],
    ]);
    const again = await post(`/team/demos/${id}/cancel`, { confirm: 'yes' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('it cannot move');
    // Nor is a cancelled demo offered for a confirmation.
    const asked = await post(`/team/demos/${id}/cancel`);
    expect(asked.statusCode).toBe(400);
    expect(asked.body).not.toContain('name="confirm"');
    expect(await audited(id)).toHaveLength(2);
  });

  it('answers a bad slot with the page and its problem, a bad id with a 4xx, and changes nothing', async () => {
    const { id } = await booked();
    const badSlot = await post(`/team/demos/${id}/move`, { slot: 'tomorrow' });
    expect(badSlot.statusCode).toBe(400);
    expect(badSlot.body).toContain('Choose a new time for the booking.');
    expect((await post('/team/demos/not-a-booking/move', { slot: new Date().toISOString() })).statusCode).toBe(404);
    expect((await post('/team/demos/not-a-booking/cancel', { confirm: 'yes' })).statusCode).toBe(404);
    const badMove = await app.inject({ url: '/team/demos?move=../leads', cookies: sales.cookies });
    expect(badMove.statusCode).toBe(400);
    expect(await audited(id)).toEqual([]);
    expect(await dataAccess(app.db).demos.booking(id)).toMatchObject({ status: 'booked' });
  });

  it('offers the open times for the booking named in the address, with the notice by its key', async () => {
    const { id } = await booked();
    const page = await app.inject({ url: `/team/demos?move=${id}&done=moved`, cookies: sales.cookies });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Moved, with the same host. The prospect gets the updated invitation.');
    expect(page.body).toContain(`action="/team/demos/${id}/move"`);
  });
});

describe('the Demos page’s changes that mail a prospect (D44)', () => {
  let app: FastifyInstance;
  let sales: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin });
    sales = await signedIn(app, 'sales');
    const data = dataAccess(app.db);
    await data.demos.saveHost({ id: 'chioma', name: 'Chioma', email: 'chioma@growmail.test' });
    await data.demos.saveHost({ id: 'wanjiru', name: 'Wanjiru', email: 'wanjiru@growmail.test' });
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
  const slots = () => currentSlots(dataAccess(app.db).demos, new Date(), { noticeMinutes: 0 });
  let booked = 0;
  const book = async (hostId: string, start: Date, language: 'en' | 'fr' = 'en') => {
    booked += 1;
    const id = await dataAccess(app.db).demos.take({
      hostId,
      start,
      end: new Date(start.getTime() + 1_800_000),
      leadId: null,
      email: `prospect-${booked}@adinkra.test`,
      name: `Prospect ${booked}`,
      zone: 'Africa/Accra',
      language,
    });
    return id!;
  };
  /** A slot every host is free at, not yet used by an earlier test. */
  const freeSlot = async (skip = 0) => (await slots()).filter((slot) => slot.hostIds.length === 3)[skip]!.start;
  const outbox = () => app.db.kysely.selectFrom('outbox').select(['topic', 'message']).orderBy('created_at').execute();
  const audited = async (id: string) => (await dataAccess(app.db).audit.forRecord('demo', id)).map((row) => row.action);

  it('asks before cancelling, by link or by a post without the confirmation, and changes nothing', async () => {
    const id = await book('chioma', await freeSlot());
    const mailsBefore = await outbox();
    const answer = await post(`/team/demos/${id}/cancel`);
    expect(answer.statusCode).toBe(200);
    const asked = { body: answer.body.replaceAll('<!-- -->', '') };
    expect(asked.body).toContain('Cancel the demo with Prospect');
    expect(asked.body).toContain('is mailed the cancellation in English');
    expect(asked.body).toContain('name="confirm" value="yes"');
    const linked = await app.inject({ url: `/team/demos?cancel=${id}`, cookies: sales.cookies });
    expect(linked.body).toContain(`action="/team/demos/${id}/cancel"`);
    expect(linked.body).toContain('Message to them (optional)');
    expect(await dataAccess(app.db).demos.booking(id)).toMatchObject({ status: 'booked' });
    expect(await outbox()).toEqual(mailsBefore);
    expect(await audited(id)).toEqual([]);
  });

  it('cancels on the confirming post, quoting the team’s reason as theirs in the prospect’s language', async () => {
    const id = await book('wanjiru', await freeSlot(), 'fr');
    const reason = 'Our demo room is flooded.\nSorry!';
    const done = await post(`/team/demos/${id}/cancel`, { confirm: 'yes', reason });
    expect(done.headers.location).toBe('/team/demos?done=cancelled#notice');
    expect(await dataAccess(app.db).demos.booking(id)).toMatchObject({ status: 'cancelled' });
    const mail = JSON.parse((await outbox()).at(-1)!.message) as { subject: string; text: string };
    expect(mail.subject).toMatch(/^Annulée/);
    expect(mail.text).toContain('Un message de notre équipe\u202f:\n> Our demo room is flooded.\n> Sorry!\n');
    expect(await audited(id)).toEqual(['demo.cancelled']);
  });

  it('leaves a move to the time the demo already has alone, and mails no one', async () => {
    const start = await freeSlot();
    const id = await book('chioma', start);
    const before = await dataAccess(app.db).demos.booking(id);
    const mailsBefore = await outbox();
    const same = await post(`/team/demos/${id}/move`, { slot: start.toISOString() });
    expect(same.headers.location).toBe('/team/demos?done=unchanged#notice');
    expect(await dataAccess(app.db).demos.booking(id)).toEqual(before);
    expect(await outbox()).toEqual(mailsBefore);
    expect(await audited(id)).toEqual([]);
  });

  it('keeps the host when they are free at the new time', async () => {
    const id = await book('wanjiru', await freeSlot());
    const to = await freeSlot(); // the next slot all three hosts are free at
    expect((await post(`/team/demos/${id}/move`, { slot: to.toISOString() })).headers.location).toBe(
      '/team/demos?done=moved#notice',
    );
    expect(await dataAccess(app.db).demos.booking(id)).toMatchObject({
      host_id: 'wanjiru',
      starts_at: to.toISOString(),
    });
  });

  it('never gives a demo to another host unasked: it says the host is busy, and moves only to the host chosen', async () => {
    const id = await book('chioma', await freeSlot());
    const busyAt = await freeSlot();
    await book('chioma', busyAt);
    const mailsBefore = await outbox();
    const refused = await post(`/team/demos/${id}/move`, { slot: busyAt.toISOString() });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Chioma is not free at that time.');
    expect(refused.body).toContain('name="host" value="wanjiru"');
    expect(await dataAccess(app.db).demos.booking(id)).toMatchObject({ host_id: 'chioma' });
    expect(await outbox()).toEqual(mailsBefore);
    const moved = await post(`/team/demos/${id}/move`, { slot: busyAt.toISOString(), host: 'wanjiru' });
    expect(moved.headers.location).toBe('/team/demos?done=moved-host#notice');
    expect(await dataAccess(app.db).demos.booking(id)).toMatchObject({
      host_id: 'wanjiru',
      starts_at: busyAt.toISOString(),
    });
    expect((await outbox()).at(-1)!.topic).toBe('demo:moved');
  });

  it('lists the times to move to by day with the weekday, from the demo’s own time, chosen', async () => {
    const start = await freeSlot();
    const id = await book('chioma', start);
    const page = await app.inject({ url: `/team/demos?move=${id}`, cookies: sales.cookies });
    const select = /<select id="move-slot"[\s\S]*?<\/select>/.exec(page.body)![0];
    const first = /<optgroup label="([^"]+)"><option[^>]*value="([^"]+)"[^>]*>([^<]+)</.exec(select)!;
    expect(first[1]).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+$/);
    expect([first[2], first[3]]).toEqual([start.toISOString(), expect.stringContaining('(its time now)')]);
    expect(select).toMatch(new RegExp(`<option(?=[^>]*selected="")[^>]*value="${start.toISOString()}"`));
  });

  it('refuses a day off in the past, and tells the truth about what /demo still offers on one', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const past = await post('/team/demos/blocks', { from: yesterday, host: 'chioma' });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain(`${yesterday} has passed. Give today or a day to come.`);
    // A day /demo offers with the usual notice, two days or more ahead.
    const later = (await currentSlots(dataAccess(app.db).demos, new Date())).find(
      (slot) => slot.start.getTime() > Date.now() + 2 * 86_400_000 && slot.hostIds.includes('wanjiru'),
    )!.start;
    const day = later.toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const inWords = later.toLocaleDateString('en-GB', {
      timeZone: 'Africa/Lagos',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    });
    const demo = await book('chioma', later);
    const saved = await post('/team/demos/blocks', { from: day, host: 'chioma', reason: '' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toMatch(/^\/team\/demos\?done=blocked&block=[0-9a-f-]{36}#notice$/);
    const page = { body: (await app.inject({ url: saved.headers.location!, cookies: sales.cookies })).body };
    page.body = page.body.replaceAll('<!-- -->', '');
    expect(page.body).toContain(`Time off saved: Chioma is off on ${inWords}; /demo still offers ${inWords} through`);
    expect(page.body).toMatch(/through [^<]*Wanjiru\.</);
    expect(page.body).toContain(`Chioma: ${inWords}`);
    expect(page.body).toContain(`href="/team/demos?cancel=${demo}#cancel"`);
    expect(page.body).toContain(`href="/team/demos?move=${demo}#move"`);
  });
});

describe('the agenda', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin });
    const data = dataAccess(app.db);
    const [host] = await data.demos.hosts();
    const leadId = await app.db.kysely.transaction().execute((trx) =>
      storeLead(data, trx, app.config, 'demo', 'kwame@adinkra.test', {
        firstname: 'Kwame',
        company: 'Adinkra Prints',
        phone: '+233 24 412 3456',
      }),
    );
    const soon = new Date(Date.now() + 60_000);
    const lagosTomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const tomorrow = new Date(`${lagosTomorrow}T11:00:00Z`);
    for (const [start, name] of [
      [soon, 'Kwame'],
      [tomorrow, 'Amara'],
    ] as const) {
      await data.demos.take({
        hostId: host!.id,
        start,
        end: new Date(start.getTime() + 1_800_000),
        leadId: name === 'Kwame' ? leadId : null,
        email: `${name.toLowerCase()}@adinkra.test`,
        name,
        zone: 'Africa/Accra',
      });
    }
  });
  afterAll(() => app.close());

  const agenda = async (role: 'sales' | 'viewer') => {
    const member = await signedIn(app, role);
    // React marks where one text ends and the next begins; the reader sees neither.
    return (await app.inject({ url: '/team/demos', cookies: member.cookies })).body.replaceAll('<!-- -->', '');
  };

  it('labels today and tomorrow, and shows the company and a phone to call', async () => {
    const page = await agenda('sales');
    expect(page).toMatch(/<h3[^>]*>Today, [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+<\/h3>/);
    expect(page).toMatch(/<h3[^>]*>Tomorrow, [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+<\/h3>/);
    expect(page).toContain('Kwame · Adinkra Prints');
    expect(page).toContain('href="tel:+233244123456"');
  });

  it('masks the phone for a role that does not see contacts', async () => {
    const page = await agenda('viewer');
    expect(page).toContain('Adinkra Prints');
    expect(page).not.toContain('412 3456');
    expect(page).not.toContain('tel:');
    expect(page).toContain('•••56');
  });
});
