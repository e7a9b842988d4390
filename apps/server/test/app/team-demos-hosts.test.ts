import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSlots } from '../../src/demos/availability.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { testApp } from '@growmail/test-support/app';
import { signedIn } from './console-session.ts';

const origin = 'http://localhost:4012';

describe('the Demos page’s hosts', () => {
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
  const data = () => dataAccess(app.db);
  /** What a host change may touch: the hosts, the availability's version, and the audit. */
  const state = async () => ({
    hosts: await data().demos.hosts(),
    version: await data().demos.availabilityVersion(),
    audit: await data().audit.list(100),
  });
  const page = async () =>
    (await app.inject({ url: '/team/demos', cookies: sales.cookies })).body.replaceAll('<!-- -->', '');
  const member = (name: string, email: string) =>
    data().team.upsertMember({ name, email, zone: 'Africa/Nairobi', role: 'sales' });

  it('picks a host from the team’s members, never typed, and audits it', async () => {
    const wanjiru = await member('Wanjiru Kamau', 'wanjiru@growmail.test');
    const before = await page();
    // The sales inbox is a host already, so only members are offered.
    const picker = /<select id="host-member"[\s\S]*?<\/select>/.exec(before)![0];
    expect(picker).toContain(`<option value="${wanjiru.id}">Wanjiru Kamau · wanjiru@growmail.test</option>`);
    expect(picker).not.toContain('value="inbox"');
    expect(before).not.toContain('name="email"');
    const added = await post('/team/demos/hosts', { member: wanjiru.id });
    expect(added.headers.location).toBe('/team/demos?done=host#notice');
    expect(await data().demos.hosts()).toContainEqual({
      id: 'wanjiru-kamau',
      name: 'Wanjiru Kamau',
      email: 'wanjiru@growmail.test',
      member_id: wanjiru.id,
    });
    const [row] = await data().audit.list(1);
    expect(row).toMatchObject({ action: 'demo.host-saved', record_id: 'wanjiru-kamau', member_id: sales.member.id });
    // A host is no longer offered.
    expect(/<select id="host-member"[\s\S]*?<\/select>/.exec(await page())![0]).not.toContain(wanjiru.id);
  });

  it('answers a pick that is no member with the form and its problem, and changes nothing', async () => {
    const before = await state();
    for (const pick of ['ada', '00000000-0000-4000-8000-000000000000']) {
      const answer = await post('/team/demos/hosts', { member: pick });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(
        '<p id="host-member-problem" class="mb-1 text-sm text-red-900">Choose one of the team’s members, or the sales inbox.</p>',
      );
      expect(answer.body).toMatch(/<select id="host-member"[^>]*aria-invalid="true"/);
    }
    expect(await state()).toEqual(before);
  });

  it('asks before removing a host: a removal without the confirmation changes nothing', async () => {
    const chioma = await member('Chioma Eze', 'chioma@growmail.test');
    await post('/team/demos/hosts', { member: chioma.id });
    const before = await state();
    const asked = await post('/team/demos/hosts/chioma-eze/remove');
    expect(asked.statusCode).toBe(200);
    const body = asked.body.replaceAll('<!-- -->', '');
    expect(body).toContain('Remove Chioma Eze as a demo host?');
    expect(body).toContain('/demo stops offering times with Chioma Eze');
    expect(body).toContain('nobody is mailed, not even chioma@growmail.test');
    expect(body).toMatch(
      /<form[^>]*action="\/team\/demos\/hosts\/chioma-eze\/remove"[^>]*>[\s\S]*?name="confirm" value="yes"/,
    );
    expect(await state()).toEqual(before);
    // A post that says anything but yes removes nothing either.
    expect((await post('/team/demos/hosts/chioma-eze/remove', { confirm: 'no' })).statusCode).toBe(400);
    expect(await state()).toEqual(before);

    const removed = await post('/team/demos/hosts/chioma-eze/remove', { confirm: 'yes' });
    expect(removed.headers.location).toBe('/team/demos?done=host-removed#notice');
    expect((await data().demos.hosts()).map((host) => host.id)).not.toContain('chioma-eze');
    expect((await data().audit.forRecord('demo', 'chioma-eze')).map((row) => row.action)).toEqual([
      'demo.host-saved',
      'demo.host-removed',
    ]);
    // They are offered again, and come back as the host they were.
    expect(await page()).toContain(`<option value="${chioma.id}">Chioma Eze · chioma@growmail.test</option>`);
  });

  it('refuses at once to remove a host with demos to come, offering no confirmation', async () => {
    const [slot] = await currentSlots(data().demos, new Date(), { noticeMinutes: 0 });
    await data().demos.take({
      hostId: 'sales',
      start: slot!.start,
      end: new Date(slot!.start.getTime() + 1_800_000),
      leadId: null,
      email: 'kwame@adinkra.test',
      name: 'Kwame',
      zone: 'Africa/Accra',
    });
    const before = await state();
    const asked = await post('/team/demos/hosts/sales/remove');
    expect(asked.statusCode).toBe(400);
    expect(asked.body).toContain('This host has demos to come: move or cancel them first.');
    expect(asked.body).not.toContain('name="confirm"');
    expect((await post('/team/demos/hosts/sales/remove', { confirm: 'yes' })).statusCode).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('says when a removal would leave /demo with no host', async () => {
    const app2 = await testApp({ PUBLIC_URL: origin });
    try {
      const admin = await signedIn(app2, 'admin');
      const answer = await app2.inject({
        method: 'POST',
        url: '/team/demos/hosts/sales/remove',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        cookies: admin.cookies,
        payload: new URLSearchParams({ _csrf: admin.csrf }).toString(),
      });
      const body = answer.body.replaceAll('<!-- -->', '');
      expect(body).toContain('Sales team is the only host: /demo offers no times at all until you add another.');
      expect(body).toContain('nobody is mailed. You can add it again.');
    } finally {
      await app2.close();
    }
  });

  it('warns an admin removing a member who hosts demos that /demo keeps their times', async () => {
    const admin = await signedIn(app, 'admin');
    const kofi = await member('Kofi Mensah', 'kofi@growmail.test');
    const ask = () =>
      app.inject({
        method: 'POST',
        url: `/team/members/${kofi.id}/remove`,
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        cookies: admin.cookies,
        payload: new URLSearchParams({ _csrf: admin.csrf }).toString(),
      });
    const warning = 'Kofi Mensah also hosts demos: /demo keeps offering times with them';
    expect((await ask()).body.replaceAll('<!-- -->', '')).not.toContain(warning);
    await post('/team/demos/hosts', { member: kofi.id });
    expect((await ask()).body.replaceAll('<!-- -->', '')).toContain(warning);
  });

  it('does not show a viewer the hosts’ forms or the members', async () => {
    const viewer = await signedIn(app, 'viewer');
    const body = (await app.inject({ url: '/team/demos', cookies: viewer.cookies })).body;
    expect(body).not.toContain('id="host-member"');
    expect(body).not.toContain('/team/demos/hosts/');
    expect(body).not.toContain('chioma@growmail.test');
  });
});
