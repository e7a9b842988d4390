import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { teamRoles, type TeamRole } from '@growmail/contracts/team';
import { rolePermissions, teamPermissions, teamRoutes, type TeamPermission } from '@growmail/contracts/team-access';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growmailApp, serverOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { signedIn } from './console-session.ts';
import { testApp } from '@growmail/test-support/app';
import { enquiry } from '@growmail/test-support/submissions';

const publicUrl = 'http://localhost:4010';
const origin = publicUrl;

/** D41 in words, with issue 54's alerts: what each role may do, which the access table must grant, no more. */
const granted: Record<TeamRole, TeamPermission[]> = {
  viewer: ['account', 'leads.read', 'marketing.read'],
  sales: [
    'account',
    'leads.read',
    'marketing.read',
    'contacts.see',
    'leads.work',
    'leads.alerts',
    'quarantine.work',
    'demos.work',
  ],
  editor: ['account', 'marketing.read', 'content.edit', 'content.publish'],
  admin: [...teamPermissions],
};

/** The app as the server builds it, with every route it registers noted. */
async function appWithRoutes(env: Record<string, string>) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'sqlite::memory:',
    SITE_ENV: 'testing',
    FORM_MIN_FILL_SECONDS: '0',
    ...env,
  });
  const app = Fastify(serverOptions(config));
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  await app.register(growmailApp, { config });
  await app.ready();
  return { app, routes };
}

describe('the console checks every route on the server (D41)', () => {
  let app: FastifyInstance;
  let routes: string[];
  let leadId: string;

  beforeAll(async () => {
    ({ app, routes } = await appWithRoutes({ PUBLIC_URL: publicUrl }));
    await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: enquiry });
    leadId = (await app.leads.list({}))[0]!.id;
  });
  afterAll(() => app.close());

  const urlOf = (route: string) => route.split(' ')[1]!.replace(':id', leadId).replace(':entry', 'home');

  it('knows every console route the server registers', () => {
    const console = routes.filter((route) => route.split(' ')[1]!.startsWith('/team'));
    expect(console.sort()).toEqual(Object.keys(teamRoutes).sort());
  });

  it('grants each role what D41 gives it, and nothing more', () => {
    for (const role of teamRoles)
      expect([role, [...rolePermissions[role]].sort()]).toEqual([role, granted[role].sort()]);
  });

  it('sends a page without a session to sign-in, and answers an action without one 401, token or not', async () => {
    for (const [route, access] of Object.entries(teamRoutes)) {
      if (access === 'public') continue;
      const [method] = route.split(' ') as ['GET' | 'POST'];
      const answer = await app.inject({
        method,
        url: urlOf(route),
        headers: { origin },
        ...(method === 'POST' ? { payload: { _csrf: 'anything' } } : {}),
      });
      if (method === 'GET')
        expect([route, answer.statusCode, answer.headers.location]).toEqual([route, 303, '/team/sign-in']);
      else expect([route, answer.statusCode]).toEqual([route, 401]);
    }
  });

  // Eight sessions through every route: a few hundred requests, given time on a busy machine.
  it(
    'answers 403 to a role without the right, and to a mailed link’s session where a passkey is needed',
    { timeout: 60_000 },
    async () => {
      for (const role of teamRoles) {
        for (const method of ['passkey', 'link'] as const) {
          const member = await signedIn(app, role, method);
          for (const [route, grant] of Object.entries(teamRoutes)) {
            if (grant === 'public' || route.includes('sign-out')) continue;
            const allowed =
              grant.needs.every((permission) => granted[role].includes(permission)) &&
              (!('passkey' in grant) || method === 'passkey');
            const [verb] = route.split(' ') as ['GET' | 'POST'];
            const answer = await app.inject({
              method: verb,
              url: urlOf(route),
              cookies: member.cookies,
              headers: { origin },
              ...(verb === 'POST' ? { payload: { _csrf: member.csrf } } : {}),
            });
            if (allowed) expect([route, role, method, answer.statusCode]).not.toEqual([route, role, method, 403]);
            else expect([route, role, method, answer.statusCode]).toEqual([route, role, method, 403]);
          }
        }
      }
    },
  );

  it('changes nothing on a post without its CSRF token, or from another origin', async () => {
    const sales = await signedIn(app, 'sales');
    const without = await app.inject({
      method: 'POST',
      url: `/team/leads/${leadId}/status`,
      cookies: sales.cookies,
      headers: { origin },
      payload: { status: 'handled' },
    });
    expect(without.statusCode).toBe(403);
    expect(without.body).toContain('nothing was changed');
    const elsewhere = await app.inject({
      method: 'POST',
      url: `/team/leads/${leadId}/status`,
      cookies: sales.cookies,
      headers: { origin: 'https://evil.example' },
      payload: { status: 'handled', _csrf: sales.csrf },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await app.leads.find(leadId))?.status).toBe('new');
    const right = await app.inject({
      method: 'POST',
      url: `/team/leads/${leadId}/status`,
      cookies: sales.cookies,
      headers: { origin },
      payload: { status: 'handled', _csrf: sales.csrf },
    });
    expect(right.statusCode).toBe(303);
    expect((await app.leads.find(leadId))?.status).toBe('handled');
    const [change] = await app.audit.forRecord('lead', leadId);
    expect(change).toMatchObject({ action: 'lead.handled', member_name: 'A sales', method: 'passkey' });
  });

  it('shows a viewer the addresses masked, and sales in full', async () => {
    const viewer = await signedIn(app, 'viewer');
    const sales = await signedIn(app, 'sales');
    const asViewer = await app.inject({ url: `/team/leads/${leadId}`, cookies: viewer.cookies });
    const asSales = await app.inject({ url: `/team/leads/${leadId}`, cookies: sales.cookies });
    expect(asSales.body).toContain(enquiry.email);
    expect(asViewer.body).not.toContain(enquiry.email);
    expect(asViewer.body).toContain('a•••@example.com');
    expect((await app.inject({ url: '/team/leads', cookies: viewer.cookies })).body).not.toContain(enquiry.email);
  });

  it('answers no-store, unframeable pages, and the form back with its problem and value for a bad search', async () => {
    const sales = await signedIn(app, 'sales');
    const page = await app.inject({ url: '/team/leads', cookies: sales.cookies });
    expect(page.headers['cache-control']).toBe('no-store');
    for (const answer of [await app.inject({ url: '/team' }), await app.inject({ url: '/team/leads' })]) {
      expect([answer.statusCode, answer.headers['cache-control'], answer.headers['x-frame-options']]).toEqual([
        303,
        'no-store',
        'DENY',
      ]);
    }
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const search = await app.inject({
      method: 'POST',
      url: '/team/leads/search',
      cookies: sales.cookies,
      headers: { origin },
      payload: { q: 'ab', _csrf: sales.csrf },
    });
    expect(search.statusCode).toBe(400);
    expect(search.body).toContain('at least three letters');
    expect(search.body).toContain('value="ab"');
  });

  it('finds leads by domain, newest first, and by a whole address only that address', async () => {
    const sales = await signedIn(app, 'sales');
    for (const email of ['one@acme.example', 'two@acme.example', 'three@other.example']) {
      await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: { ...enquiry, email } });
    }
    const search = (q: string) =>
      app.inject({
        method: 'POST',
        url: '/team/leads/search',
        cookies: sales.cookies,
        headers: { origin },
        payload: { q, _csrf: sales.csrf },
      });
    const domain = (await search('@ACME.example')).body;
    expect(domain.indexOf('two@acme.example')).toBeGreaterThan(-1);
    expect(domain.indexOf('two@acme.example')).toBeLessThan(domain.indexOf('one@acme.example'));
    expect(domain).not.toContain('three@other.example');
    expect((await search('one@acme.example')).body).not.toContain('two@acme.example');
  });

  it('pages the quarantine newest first, and the older page starts where the first stopped', async () => {
    const viewer = await signedIn(app, 'viewer');
    for (let n = 0; n < 101; n += 1)
      await app.quarantine.insert('enquiry', `held-${n}@spam.example`, { fullname: `Held ${n}` }, ['mostly_links']);
    const first = (await app.inject({ url: '/team/quarantine', cookies: viewer.cookies })).body;
    const older = /href="\/team\/quarantine\?after=([\w-]+)"/.exec(first)?.[1];
    expect(older).toBeDefined();
    const second = (await app.inject({ url: `/team/quarantine?after=${older}`, cookies: viewer.cookies })).body;
    const names = (body: string) => [...body.matchAll(/Held (\d+)(?:<!-- -->)? · /g)].map((match) => Number(match[1]));
    expect(names(first)).toHaveLength(100);
    expect([...names(first), ...names(second)].sort((a, b) => a - b)).toEqual([...Array(101).keys()]);
    expect(second).not.toContain('Older posts');
  });

  it('erases a person with the notes on their leads, and their address from other notes and the audit, whose rows stay', async () => {
    const admin = await signedIn(app, 'admin');
    const sales = await signedIn(app, 'sales');
    const person = 'nneka@erase.example';
    await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: { ...enquiry, email: person } });
    const [theirs] = (await app.leads.list({})).filter((row) => row.email === person);
    const post = (member: typeof admin, url: string, payload: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url,
        cookies: member.cookies,
        headers: { origin },
        payload: { ...payload, _csrf: member.csrf },
      });
    await post(sales, `/team/leads/${theirs!.id}/notes`, { text: 'Call back on Monday.' });
    await post(sales, `/team/leads/${leadId}/notes`, { text: `Colleague of ${person}.` });
    await post(sales, `/team/leads/${theirs!.id}/status`, { status: 'handled' });
    const audited = (await app.audit.forRecord('lead', theirs!.id)).length;
    expect(audited).toBe(2);

    const refused = await post(admin, '/team/people/erase', { email: person, confirm: 'yes' });
    expect(refused.statusCode).toBe(400);
    // Each problem under its own field, tied to it, with what was typed kept.
    const input = (html: string, id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
    const problem = (html: string, id: string) => new RegExp(`<p id="${id}-problem"[^>]*>([^<]*)</p>`).exec(html)?.[1];
    expect(problem(refused.body, 'erase-confirm')).toBe('Type erase to confirm: this cannot be undone.');
    expect(input(refused.body, 'erase-confirm')).toMatch(/(?=.*value="yes")(?=.*aria-invalid="true")/);
    expect(input(refused.body, 'erase-email')).toContain(`value="${person}"`);
    expect(problem(refused.body, 'erase-email')).toBeUndefined();
    const badAddress = await post(admin, '/team/people/erase', { email: 'nneka at erase', confirm: 'erase' });
    expect(problem(badAddress.body, 'erase-email')).toBe('Enter the address whose data to erase.');
    expect(input(badAddress.body, 'erase-email')).toContain('value="nneka at erase"');
    expect(await app.leads.find(theirs!.id)).toBeDefined();

    // Typing "erase" only brings the page that says what will go, and that nobody is mailed (D44).
    const asked = await post(admin, '/team/people/erase', { email: person, confirm: 'erase' });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`Erase everything about ${person}?`);
    expect(asked.body).toContain('Nobody is mailed');
    expect(asked.body).toContain('name="confirmed" value="yes"');
    expect(await app.leads.find(theirs!.id)).toBeDefined();
    expect(await app.audit.forRecord('person', 'erased')).toEqual([]);

    const erased = await post(admin, '/team/people/erase', { email: person, confirm: 'erase', confirmed: 'yes' });
    expect(erased.statusCode).toBe(303);
    expect(erased.headers.location).toBe('/team/people?done=erased');
    expect((await app.inject({ url: erased.headers.location, cookies: admin.cookies })).body).toContain(
      'Erased. The address is on the suppression list.',
    );
    // One row, by the admin, written with the erasure (people/erase.ts).
    expect(
      (await app.audit.forRecord('person', 'erased')).map((row) => [row.action, row.member_id, row.detail]),
    ).toEqual([
      [
        'person.erased',
        admin.member.id,
        JSON.stringify({ rows_deleted: 3, notes_deleted: 1, notes_rewritten: 1, audit_rewritten: 0 }),
      ],
    ]);
    expect(await app.leads.find(theirs!.id)).toBeUndefined();
    expect(await app.leads.notesOn([theirs!.id])).toEqual([]);
    expect((await app.leads.notes(leadId)).map((note) => note.text)).toContain('Colleague of [erased].');
    expect(await app.audit.forRecord('lead', theirs!.id)).toHaveLength(audited);
    expect((await app.audit.list(1000)).some((row) => row.detail.includes(person))).toBe(false);
  });

  it('ends a session after 12 idle hours, and after 7 days however busy', async () => {
    const { member } = await signedIn(app, 'sales');
    const hour = 3_600_000;
    const at = (msAgo: number) => new Date(Date.now() - msAgo);
    const cases = [
      { token: 'i'.repeat(43), seen: at(11 * hour), expires: at(-hour), open: true },
      { token: 'j'.repeat(43), seen: at(13 * hour), expires: at(-hour), open: false },
      { token: 'k'.repeat(43), seen: at(60_000), expires: at(hour), open: false },
    ];
    for (const { token, seen, expires } of cases) {
      await app.team.addSession(
        createHash('sha256').update(token).digest('base64url'),
        member.id,
        'passkey',
        seen,
        expires,
      );
    }
    for (const { token, open } of cases) {
      const answer = await app.inject({ url: '/team/leads', cookies: { gm_team: token } });
      expect([token[0], answer.statusCode]).toEqual([token[0], open ? 200 : 303]);
    }
  });

  it('ends a member’s sessions at once when their role changes', async () => {
    const admin = await signedIn(app, 'admin');
    const sales = await signedIn(app, 'sales');
    const changed = await app.inject({
      method: 'POST',
      url: `/team/members/${sales.member.id}/role`,
      cookies: admin.cookies,
      headers: { origin },
      payload: { role: 'viewer', _csrf: admin.csrf },
    });
    expect(changed.statusCode).toBe(303);
    const after = await app.inject({ url: '/team/leads', cookies: sales.cookies });
    expect(after.headers.location).toBe('/team/sign-in');
  });
});

describe('the console when something is away or overused', () => {
  it('answers a clear 503 page while the database is away, and the sign-in page still shows', async () => {
    const app = await testApp({ PUBLIC_URL: publicUrl, DATABASE_URL: 'postgres://127.0.0.1:1/nowhere' });
    const signIn = await app.inject({ url: '/team/sign-in' });
    expect(signIn.statusCode).toBe(200);
    const page = await app.inject({ url: '/team/leads', cookies: { gm_team: 'A'.repeat(43) } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('30');
    expect(page.body).toContain('cannot reach its database');
    await app.close();
  });

  it('answers a page saying to wait when sign-in links are asked for too often', async () => {
    const app = await testApp({ PUBLIC_URL: publicUrl });
    const csrfPage = await app.inject({ url: '/team/sign-in' });
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(csrfPage.body)![1]!;
    const cookies = { gm_team_csrf: csrfPage.cookies.find((cookie) => cookie.name === 'gm_team_csrf')!.value };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await app.inject({
        method: 'POST',
        url: '/team/sign-in/link',
        cookies,
        headers: { origin },
        payload: { email: 'someone@growmail.test', _csrf: csrf },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expect(answer.body).toContain('Wait a minute');
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    await app.close();
  });
});

describe('the console’s unknown paths and HEAD', () => {
  let app: FastifyInstance;
  let leadId: string;

  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: publicUrl });
    await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: enquiry });
    leadId = (await app.leads.list({}))[0]!.id;
  });
  afterAll(() => app.close());

  const unknown = () => ['/team/x', '/team/LEADS', `/team/leads/${leadId}/`, '/team/leads/export/x'];

  it('answers an unknown path with the console’s own 404, kept by no cache, signed out', async () => {
    for (const url of unknown()) {
      const answer = await app.inject({ url });
      expect([url, answer.statusCode, answer.headers['cache-control']]).toEqual([url, 404, 'no-store']);
      expect(answer.body).toContain('There is no console page at this address.');
      expect(answer.body).toContain('Go to sign-in');
    }
  });

  it('answers an unknown path with the console’s own 404 and the way back, signed in', async () => {
    const viewer = await signedIn(app, 'viewer');
    for (const url of unknown()) {
      const answer = await app.inject({ url, cookies: viewer.cookies });
      expect([url, answer.statusCode, answer.headers['cache-control']]).toEqual([url, 404, 'no-store']);
      expect(answer.body).toContain('There is no console page at this address.');
      expect(answer.body).toContain('Back to the leads');
    }
  });

  it('refuses HEAD without running the page: an export sent to HEAD writes no audit row', async () => {
    const admin = await signedIn(app, 'admin');
    const head = await app.inject({ method: 'HEAD', url: '/team/leads/export', cookies: admin.cookies });
    expect([head.statusCode, head.headers.allow, head.headers['cache-control']]).toEqual([405, 'GET', 'no-store']);
    expect(head.headers['content-disposition']).toBeUndefined();
    expect(await app.audit.forRecord('leads', 'export')).toEqual([]);
    for (const url of ['/team/leads', '/team/x', '/team']) {
      const answer = await app.inject({ method: 'HEAD', url, cookies: admin.cookies });
      expect([url, answer.statusCode]).toEqual([url, 405]);
    }
    // The same export by GET is audited, so the check above can see a row.
    const get = await app.inject({ url: '/team/leads/export', cookies: admin.cookies });
    expect(get.statusCode).toBe(200);
    expect(await app.audit.forRecord('leads', 'export')).toHaveLength(1);
  });
});

describe('the console and the public pages', () => {
  it('sets no cookie on a public page, and the console sets its own on /team only', async () => {
    const app = await testApp({ PUBLIC_URL: publicUrl });
    for (const url of ['/', '/fr', '/pricing', '/demo', '/contact']) {
      const answer = await app.inject({ url });
      expect([url, answer.headers['set-cookie']]).toEqual([url, undefined]);
    }
    const signIn = await app.inject({ url: '/team/sign-in' });
    expect(signIn.headers['set-cookie']).toMatch(/Path=\/team; HttpOnly; SameSite=Strict/);
    await app.close();
  });

  it('is not there with TEAM_CONSOLE=off: every path under /team is a plain 404, never the home page', async () => {
    const app = await testApp({ PUBLIC_URL: publicUrl, TEAM_CONSOLE: 'off' });
    const page = await app.inject({ url: '/team/sign-in' });
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).not.toContain('Growmail team');
    expect((await app.inject({ method: 'POST', url: '/team/sign-in/link', payload: {} })).statusCode).toBe(404);
    const urls = ['/team', '/team/sign-in', '/team/x', '/team/LEADS', '/team/leads/abc/'];
    for (const [url, cookies] of urls.flatMap((url) => [
      [url, {}] as const,
      [url, { gm_team: 'a-session' }] as const,
    ])) {
      const answer = await app.inject({ url, cookies });
      expect([url, answer.statusCode, answer.headers['content-type'], answer.body]).toEqual([
        url,
        404,
        'text/plain; charset=utf-8',
        'Not found\n',
      ]);
    }
    await app.close();
  });

  it('logs a console request without its query, which may hold a link’s token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'info', DATABASE_URL: 'sqlite::memory:', SITE_ENV: 'testing' });
    const options = serverOptions(config);
    // The server's own logger settings, writing here instead of to stdout.
    const app = Fastify({ ...options, logger: { ...(options.logger as object), stream } });
    await app.register(growmailApp, { config });
    await app.ready();
    const token = 'A'.repeat(43);
    await app.inject({ url: `/team/link?token=${token}` });
    await app.close();
    expect(lines.join('')).not.toContain(token);
  });
});
