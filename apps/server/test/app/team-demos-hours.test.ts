import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataAccess } from '../../src/repositories/index.ts';
import { testApp } from '@growmail/test-support/app';
import { signedIn } from './console-session.ts';

const origin = 'http://localhost:4013';

/** A week as the form posts it: each weekday's ranges in order, and the zone. */
const weekForm = (zone: string, days: Record<string, Array<[string, string]>>, extra: [string, string][] = []) => {
  const form = new URLSearchParams({ zone });
  for (const [day, ranges] of Object.entries(days))
    for (const [from, to] of ranges) {
      form.append(`${day}-from`, from);
      form.append(`${day}-to`, to);
    }
  for (const [name, value] of extra) form.append(name, value);
  return form;
};

describe('the weekly hours’ editor', () => {
  let app: FastifyInstance;
  let sales: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin });
    sales = await signedIn(app, 'sales');
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await dataAccess(app.db).demos.replaceHours(
      'Africa/Lagos',
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '17:00' })),
    );
  });

  const post = (form: URLSearchParams) => {
    form.set('_csrf', sales.csrf);
    return app.inject({
      method: 'POST',
      url: '/team/demos/hours',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      cookies: sales.cookies,
      payload: form.toString(),
    });
  };
  /** What a save changes: the hours, the availability's version, and the audit. */
  const state = async () => ({
    hours: await dataAccess(app.db).demos.hours(),
    version: await dataAccess(app.db).demos.availabilityVersion(),
    audit: await dataAccess(app.db).audit.list(100),
  });
  /** Each time field of a day, by id, with its value. */
  const times = (html: string, day: string) =>
    [...html.matchAll(new RegExp(`<input id="hours-${day}-(\\d)-(from|to)"[^>]*value="([^"]*)"`, 'g'))].map(
      (match) => `${match[1]} ${match[2]} ${match[3]}`,
    );
  const text = (html: string) => html.replaceAll('<!-- -->', '');

  it('shows the week in words, and for a change a row per weekday and every zone in words', async () => {
    const page = text((await app.inject({ url: '/team/demos', cookies: sales.cookies })).body);
    expect(page).toContain('In Lagos · West Africa Time time (Africa/Lagos):');
    expect(page).toContain('<li>Monday: 09:00–17:00</li>');
    expect(page).toContain('<li>Saturday: closed</li>');
    expect(page).toContain('href="/team/demos?edit=hours#hours-editor"');
    expect(page).not.toContain('<datalist');

    const editing = await app.inject({
      url: '/team/demos?edit=hours',
      cookies: sales.cookies,
      headers: { 'accept-encoding': 'br' },
    });
    const body = text(brotliDecoded(editing));
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      expect(body).toContain(`<legend class="font-semibold">${day}</legend>`);
    expect(times(body, 'mon')).toEqual(['0 from 09:00', '0 to 17:00']);
    expect(times(body, 'sat')).toEqual([]);
    expect(body).toMatch(/<input id="hours-zone" list="zone-list"[^>]*value="Africa\/Lagos"/);
    expect(body).toContain('<option value="Africa/Nairobi">Nairobi · East Africa Time</option>');
    expect((body.match(/<option value="/g) ?? []).length).toBeGreaterThan(300);
    // The whole list of zones stays within the console's 10 KB budget.
    const bytes =
      editing.headers['content-encoding'] === 'br'
        ? editing.rawPayload.length
        : brotliCompressSync(editing.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
    expect(bytes).toBeLessThanOrEqual(10 * 1024);
  });

  it('adds a range to a day and gives the form back with every value kept, saving nothing', async () => {
    const before = await state();
    const form = weekForm('Nairobi', { mon: [['09:00', '12:00']], sat: [['10:00', '13:00']] }, [['add', 'mon']]);
    const answer = await post(form);
    expect(answer.statusCode).toBe(200);
    expect(times(answer.body, 'mon')).toEqual(['0 from 09:00', '0 to 12:00', '1 from ', '1 to ']);
    expect(times(answer.body, 'sat')).toEqual(['0 from 10:00', '0 to 13:00']);
    expect(answer.body).toMatch(/<input id="hours-mon-1-from"[^>]*autofocus=""/);
    expect(answer.body).toMatch(/<input id="hours-zone"[^>]*value="Nairobi"/);
    expect(await state()).toEqual(before);
  });

  it('removes a range from the form, saving nothing', async () => {
    const before = await state();
    const form = weekForm(
      'Africa/Lagos',
      {
        mon: [
          ['09:00', '12:00'],
          ['13:00', '17:00'],
        ],
      },
      [['drop', 'mon-0']],
    );
    const answer = await post(form);
    expect(answer.statusCode).toBe(200);
    expect(times(answer.body, 'mon')).toEqual(['0 from 13:00', '0 to 17:00']);
    expect(answer.body).toMatch(/<button id="hours-mon-add"[^>]*autofocus=""/);
    expect(await state()).toEqual(before);
  });

  it('saves a lunch break and a Saturday morning in a zone named by its city, audited', async () => {
    const form = weekForm('nairobi', {
      mon: [
        ['09:00', '12:00'],
        ['13:00', '17:00'],
      ],
      tue: [['09:00', '17:00']],
      // A range left blank is no range; a day with none is closed.
      wed: [['', '']],
      sat: [['10:00', '13:00']],
    });
    const answer = await post(form);
    expect(answer.headers.location).toBe('/team/demos?done=hours#notice');
    const hours = await dataAccess(app.db).demos.hours();
    expect(hours.map((span) => [span.weekday, span.starts, span.ends, span.zone])).toEqual([
      [1, '09:00', '12:00', 'Africa/Nairobi'],
      [1, '13:00', '17:00', 'Africa/Nairobi'],
      [2, '09:00', '17:00', 'Africa/Nairobi'],
      [6, '10:00', '13:00', 'Africa/Nairobi'],
    ]);
    const [row] = await dataAccess(app.db).audit.list(1);
    expect(row).toMatchObject({ action: 'demo.hours', member_id: sales.member.id });
    expect(JSON.parse(row!.detail)).toEqual({
      zone: 'Africa/Nairobi',
      hours: 'mon 09:00-12:00 13:00-17:00 tue 09:00-17:00 sat 10:00-13:00',
    });
    const page = text((await app.inject({ url: '/team/demos?done=hours', cookies: sales.cookies })).body);
    expect(page).toContain('<li>Monday: 09:00–12:00 and 13:00–17:00</li>');
  });

  it.each([
    [
      { mon: [['09:00', '13:00'] as [string, string], ['12:00', '17:00'] as [string, string]] },
      'Africa/Lagos',
      'mon',
      'On Monday, 12:00-17:00 overlaps 09:00-13:00 on Monday.',
    ],
    [
      { tue: [['17:00', '09:00'] as [string, string]] },
      'Africa/Lagos',
      'tue',
      'On Tuesday, 17:00-09:00 ends before it starts.',
    ],
    [
      { wed: [['09:00', ''] as [string, string]] },
      'Africa/Lagos',
      'wed',
      'Give both times of each range on Wednesday, such as 09:00 to 17:00, or clear both to remove it.',
    ],
    [
      { mon: [['09:00', '17:00'] as [string, string]] },
      'Lagoss',
      'zone',
      'Choose a time zone from the list, such as Lagos: no zone is called &#x27;Lagoss&#x27;.',
    ],
    [{}, 'Africa/Lagos', 'mon', 'Give at least one day its hours: with none, /demo offers no times at all.'],
  ])('refuses %j in %s by the field %s, keeping what was typed', async (days, zone, field, problem) => {
    const before = await state();
    const answer = await post(weekForm(zone, days));
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(`<p id="hours-${field}-problem" class="`);
    expect(answer.body).toContain(`>${problem}</p>`);
    expect(answer.body).toMatch(new RegExp(`<input id="hours-zone"[^>]*value="${zone}"`));
    for (const [day, ranges] of Object.entries(days))
      expect(times(answer.body, day)).toEqual(
        ranges.flatMap(([from, to], index) => [`${index} from ${from}`, `${index} to ${to}`]),
      );
    if (field !== 'zone') expect(answer.body).toMatch(new RegExp(`aria-describedby="hours-${field}-problem"`));
    expect(await state()).toEqual(before);
  });

  it('answers a form no browser sends with a 400 and the form, never a 500', async () => {
    const before = await state();
    const tooMany = weekForm('Africa/Lagos', { mon: Array.from({ length: 9 }, () => ['09:00', '10:00']) });
    for (const form of [
      tooMany,
      weekForm('', { mon: [['09:00', '17:00']] }),
      weekForm('Africa/Lagos', { mon: [['09:00:00.000', '17:00']] }),
      weekForm('Africa/Lagos', {}, [['add', 'someday']]),
    ]) {
      const answer = await post(form);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('id="hours-editor"');
    }
    expect(await state()).toEqual(before);
  });

  it('shows a viewer the week but not the form', async () => {
    const viewer = await signedIn(app, 'viewer');
    const page = text((await app.inject({ url: '/team/demos?edit=hours', cookies: viewer.cookies })).body);
    expect(page).toContain('<li>Monday: 09:00–17:00</li>');
    expect(page).not.toContain('hours-editor');
    expect(page).not.toContain('<datalist');
  });
});

/** An answer's HTML, decoded when it came compressed. */
function brotliDecoded(answer: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }): string {
  return answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.rawPayload).toString() : answer.body;
}
