import type { TeamRole, TeamSignIn } from '@growmail/contracts/team';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { dataAccess } from '../../src/repositories/index.ts';
import { mailSignInLink } from '../../src/team/members.ts';
import { openSession } from '../../src/team/sessions.ts';

const publicUrl = 'http://localhost:4011';
const origin = publicUrl;

type Browser = { cookies: Record<string, string>; csrf: string };

/** What a console page hands a browser: its CSRF token, and the csrf cookie beside the ones it had. */
async function pageOf(app: FastifyInstance, url: string, cookies: Record<string, string> = {}): Promise<Browser> {
  const page = await app.inject({ url, cookies });
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.body)![1]!;
  const csrfCookie = page.cookies.find((cookie) => cookie.name.endsWith('gm_team_csrf'));
  return { cookies: { ...cookies, ...(csrfCookie ? { [csrfCookie.name]: csrfCookie.value } : {}) }, csrf };
}

/** A member of this role, signed in this way, with a page's CSRF token. */
async function signedIn(app: FastifyInstance, role: TeamRole, method: TeamSignIn = 'passkey') {
  const data = dataAccess(app.db);
  const member = await data.team.upsertMember({
    email: `${role}-${Math.random().toString(36).slice(2)}@growmail.test`,
    name: `A ${role}`,
    zone: 'Africa/Lagos',
    role,
  });
  const session = await openSession(data, member.id, method);
  return { member, session, ...(await pageOf(app, '/team/account', { gm_team: session })) };
}

const post = (app: FastifyInstance, url: string, browser: Browser, payload: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    cookies: browser.cookies,
    headers: { origin },
    payload: { ...payload, _csrf: browser.csrf },
  });

/** The token of the newest sign-in link mailed to an address, once it is in the outbox. */
async function mailedToken(app: FastifyInstance, to: string) {
  const rows = await app.db.kysely.selectFrom('outbox').select('message').where('topic', '=', 'team:sign-in').execute();
  const text = rows
    .map((row) => JSON.parse(row.message) as { to: string; text: string })
    .findLast((mail) => mail.to === to)?.text;
  return text ? /token=([\w-]+)/.exec(text)![1] : undefined;
}

describe('signing in and out of the console', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: publicUrl });
  });
  afterAll(() => app.close());

  const signInWith = async (token: string) => post(app, '/team/link', await pageOf(app, '/team/sign-in'), { token });
  const actions = async (memberId: string) => (await app.audit.forRecord('member', memberId)).map((row) => row.action);

  it('answers a sign-in link’s request before the lookup, then mails a member and nobody else', async () => {
    const { member } = await signedIn(app, 'sales');
    const browser = await pageOf(app, '/team/sign-in');
    for (const email of [member.email, 'nobody@elsewhere.example']) {
      const answer = await post(app, '/team/sign-in/link', browser, { email });
      expect([answer.statusCode, answer.headers.location]).toEqual([303, '/team/sign-in?done=link-sent']);
    }
    await expect.poll(() => mailedToken(app, member.email)).toBeDefined();
    expect(await mailedToken(app, 'nobody@elsewhere.example')).toBeUndefined();
  });

  it('audits a sign-out against the member, and ends their pending sign-in link with it', async () => {
    const { member, ...browser } = await signedIn(app, 'sales');
    await mailSignInLink(dataAccess(app.db), app.config, member.email);
    const token = (await mailedToken(app, member.email))!;
    const out = await post(app, '/team/sign-out', browser);
    expect([out.statusCode, out.headers.location]).toEqual([303, '/team/sign-in?done=signed-out']);
    expect((await app.inject({ url: '/team/leads', cookies: browser.cookies })).headers.location).toBe('/team/sign-in');
    expect((await signInWith(token)).statusCode).toBe(404);
    expect(await actions(member.id)).toContain('signed-out');
  });

  it('ends every session and the pending link on sign-out everywhere, audited', async () => {
    const { member, ...browser } = await signedIn(app, 'viewer');
    const other = await openSession(dataAccess(app.db), member.id, 'link');
    await mailSignInLink(dataAccess(app.db), app.config, member.email);
    const token = (await mailedToken(app, member.email))!;
    expect((await post(app, '/team/sign-out-everywhere', browser)).statusCode).toBe(303);
    expect(await app.team.sessions(member.id)).toEqual([]);
    expect((await app.inject({ url: '/team/leads', cookies: { gm_team: other } })).statusCode).toBe(303);
    expect((await signInWith(token)).statusCode).toBe(404);
    const [row] = (await app.audit.forRecord('member', member.id)).filter(
      (entry) => entry.action === 'signed-out-everywhere',
    );
    expect(JSON.parse(row!.detail)).toEqual({ sessions: 2, links: 1 });
  });

  it('ends the member’s pending sign-in link when an admin signs them out', async () => {
    const admin = await signedIn(app, 'admin');
    const { member } = await signedIn(app, 'sales');
    await mailSignInLink(dataAccess(app.db), app.config, member.email);
    const token = (await mailedToken(app, member.email))!;
    expect((await post(app, `/team/members/${member.id}/sign-out`, admin)).statusCode).toBe(303);
    expect((await signInWith(token)).statusCode).toBe(404);
    expect(await actions(member.id)).toContain('member.signed-out');
  });

  it('counts a refused sign-in link in the metrics, and writes no audit row for it', async () => {
    const count = async () =>
      (await app.metrics.teamSignInFailures.get()).values.find((value) => value.labels.method === 'link')?.value ?? 0;
    const before = await count();
    const rows = (await app.audit.list(1000)).length;
    expect((await signInWith('A'.repeat(43))).statusCode).toBe(404);
    expect((await signInWith('not a token')).statusCode).toBe(404);
    expect(await count()).toBe(before + 2);
    expect(await app.audit.list(1000)).toHaveLength(rows);
  });

  it('lets an admin remove a member’s lost passkey by plain forms, once confirmed, which ends their sessions, audited', async () => {
    const admin = await signedIn(app, 'admin');
    const { member, ...browser } = await signedIn(app, 'sales');
    await app.team.addPasskey({
      id: 'lost-phone',
      member_id: member.id,
      name: 'Lost phone',
      public_key: 'AA',
      counter: 0,
      transports: [],
    });
    const members = await app.inject({ url: '/team/members', cookies: admin.cookies });
    expect(members.body).toContain(`action="/team/members/${member.id}/passkeys/lost-phone/remove"`);
    const form = /<form[^>]*passkeys\/lost-phone\/remove[^>]*>/.exec(members.body)?.[0];
    expect(form).toContain('method="post"');

    // The first post asks, and changes nothing.
    const asked = await post(app, `/team/members/${member.id}/passkeys/lost-phone/remove`, admin);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Remove the passkey “Lost phone” of A sales?');
    expect(asked.body).toContain('name="confirm" value="yes"');
    expect(await app.team.passkeys(member.id)).toHaveLength(1);

    const removed = await post(app, `/team/members/${member.id}/passkeys/lost-phone/remove`, admin, { confirm: 'yes' });
    expect([removed.statusCode, removed.headers.location]).toEqual([303, '/team/members?done=passkey-removed']);
    expect(await app.team.passkeys(member.id)).toEqual([]);
    expect((await app.inject({ url: '/team/leads', cookies: browser.cookies })).headers.location).toBe('/team/sign-in');
    const [row] = (await app.audit.forRecord('member', member.id)).filter(
      (entry) => entry.action === 'member.passkey-removed',
    );
    expect(row).toMatchObject({ member_id: admin.member.id, method: 'passkey' });

    expect((await post(app, `/team/members/${member.id}/passkeys/lost-phone/remove`, admin)).statusCode).toBe(404);
    expect((await post(app, `/team/members/${admin.member.id}/passkeys/lost-phone/remove`, admin)).statusCode).toBe(
      404,
    );
  });

  it('asks before removing a member, saying what ends and that nobody is mailed, and removes on the confirming post', async () => {
    const admin = await signedIn(app, 'admin');
    const { member, ...browser } = await signedIn(app, 'sales');
    const asked = await post(app, `/team/members/${member.id}/remove`, admin);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Remove A sales (sales) from the team?');
    expect(asked.body).toContain('Nobody is mailed, not even them.');
    expect(asked.body).toContain(`${member.email}`);
    expect(await app.team.member(member.id)).toBeDefined();
    expect((await app.inject({ url: '/team/leads', cookies: browser.cookies })).statusCode).toBe(200);
    expect((await app.audit.forRecord('member', member.id)).map((row) => row.action)).toEqual([]);

    const removed = await post(app, `/team/members/${member.id}/remove`, admin, { confirm: 'yes' });
    expect([removed.statusCode, removed.headers.location]).toEqual([303, '/team/members?done=removed']);
    expect(await app.team.member(member.id)).toBeUndefined();
    expect((await post(app, `/team/members/${member.id}/remove`, admin)).statusCode).toBe(404);
  });

  it('refuses a member’s passkey removal by someone who is not an admin with a passkey', async () => {
    const sales = await signedIn(app, 'sales');
    const byLink = await signedIn(app, 'admin', 'link');
    await app.team.addPasskey({
      id: 'kept',
      member_id: sales.member.id,
      name: 'Kept',
      public_key: 'AA',
      counter: 0,
      transports: [],
    });
    for (const who of [sales, byLink]) {
      const refused = await post(app, `/team/members/${sales.member.id}/passkeys/kept/remove`, who, { confirm: 'yes' });
      expect(refused.statusCode).toBe(403);
    }
    expect(await app.team.passkeys(sales.member.id)).toHaveLength(1);
  });
});

describe('the last admin', () => {
  it('can be neither demoted nor removed from the console, and can once there is another', async () => {
    const app = await testApp({ PUBLIC_URL: publicUrl });
    const admin = await signedIn(app, 'admin');
    for (const [url, payload] of [
      [`/team/members/${admin.member.id}/role`, { role: 'sales' }],
      [`/team/members/${admin.member.id}/remove`, {}],
    ] as const) {
      const refused = await post(app, url, admin, payload);
      expect([url, refused.statusCode]).toEqual([url, 409]);
      expect(refused.body).toContain('only admin');
    }
    expect((await app.team.member(admin.member.id))?.role).toBe('admin');
    const other = await signedIn(app, 'admin');
    expect((await post(app, `/team/members/${admin.member.id}/role`, other, { role: 'sales' })).statusCode).toBe(303);
    expect((await app.team.member(admin.member.id))?.role).toBe('sales');
    await app.close();
  });
});

describe('the editor role (D45)', () => {
  it('is given by an admin on the Members page, and lands its member on the Site section, leads closed', async () => {
    const app = await testApp({ PUBLIC_URL: publicUrl });
    const admin = await signedIn(app, 'admin');
    const members = await app.inject({ url: '/team/members', cookies: admin.cookies });
    expect(members.body).toContain('<option>editor</option>');
    const marketer = await signedIn(app, 'viewer');
    const given = await post(app, `/team/members/${marketer.member.id}/role`, admin, { role: 'editor' });
    expect(given.statusCode).toBe(303);
    expect((await app.team.member(marketer.member.id))?.role).toBe('editor');
    const [audit] = (await app.audit.forRecord('member', marketer.member.id)).filter(
      (row) => row.action === 'member.role',
    );
    expect(JSON.parse(audit!.detail)).toEqual({ from: 'viewer', to: 'editor' });

    const editor = await signedIn(app, 'editor');
    const home = await app.inject({ url: '/team', cookies: editor.cookies });
    expect([home.statusCode, home.headers.location]).toEqual([303, '/team/site']);
    expect((await app.inject({ url: '/team/marketing', cookies: editor.cookies })).statusCode).toBe(200);
    const leads = await app.inject({ url: '/team/leads', cookies: editor.cookies });
    expect(leads.statusCode).toBe(403);
    expect(leads.body).toContain('Back to the site’s content');
    await app.close();
  });
});

describe('the console’s CSRF tokens and cookies', () => {
  it('takes a token only in the session it was made for', async () => {
    const app = await testApp({ PUBLIC_URL: publicUrl });
    const ada = await signedIn(app, 'sales');
    // Bola signs in on the same browser, so the csrf cookie is the same: Ada's token must not serve her.
    const data = dataAccess(app.db);
    const bolaMember = await data.team.upsertMember({
      email: 'bola@growmail.test',
      name: 'Bola',
      zone: 'UTC',
      role: 'sales',
    });
    const bola = await pageOf(app, '/team/account', {
      ...ada.cookies,
      gm_team: await openSession(data, bolaMember.id, 'passkey'),
    });
    const withAdas = await post(app, '/team/sign-out', { cookies: bola.cookies, csrf: ada.csrf });
    expect(withAdas.statusCode).toBe(403);
    // Nor a signed-out page's token, made with the same cookie.
    const signInPage = await pageOf(app, '/team/sign-in', bola.cookies);
    expect((await post(app, '/team/sign-out', { cookies: bola.cookies, csrf: signInPage.csrf })).statusCode).toBe(403);
    expect((await post(app, '/team/sign-out', bola)).statusCode).toBe(303);
    await app.close();
  });

  it('takes one server’s token on another that shares TEAM_CSRF_KEY and the database', async () => {
    const key = 'k'.repeat(40);
    const first = await testApp({ PUBLIC_URL: publicUrl, TEAM_CSRF_KEY: key });
    const second = await testApp({ PUBLIC_URL: publicUrl, TEAM_CSRF_KEY: key }, { db: first.db });
    const browser = await signedIn(first, 'sales');
    expect((await post(second, '/team/sign-out', browser)).statusCode).toBe(303);
    await second.close();
    await first.close();
  });

  it('names its cookies __Secure- on https, and reads the session only by that name', async () => {
    const app = await testApp({ PUBLIC_URL: 'https://growmail.test' });
    const signIn = await app.inject({ url: '/team/sign-in' });
    expect(signIn.headers['set-cookie']).toMatch(
      /^__Secure-gm_team_csrf=[^;]+; Path=\/team; HttpOnly; Secure; SameSite=Strict$/,
    );
    const data = dataAccess(app.db);
    const member = await data.team.upsertMember({
      email: 'chidi@growmail.test',
      name: 'Chidi',
      zone: 'UTC',
      role: 'viewer',
    });
    const session = await openSession(data, member.id, 'passkey');
    expect((await app.inject({ url: '/team/leads', cookies: { '__Secure-gm_team': session } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/team/leads', cookies: { gm_team: session } })).statusCode).toBe(303);
    await app.close();
  });
});
