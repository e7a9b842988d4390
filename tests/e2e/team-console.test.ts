import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite, viewports } from '@growmail/test-support/site';
import { demoRequest, enquiry } from '@growmail/test-support/submissions';
import { startWebhookReceiver, webhookSecret } from '@growmail/test-support/webhook-receiver';
import { honeypotField } from '@growmail/contracts/form-fields';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
// A file the CLI can open beside the server: the member is enrolled from the CLI's own link.
const databaseUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), 'team-console-')), 'growmail.sqlite')}`;
const receiver = useWebhookReceiver();
const site = useSite(() => ({ DATABASE_URL: databaseUrl, WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: webhookSecret }), {
  localhost: true,
});

/** A webhook receiver for the site, started before it. */
function useWebhookReceiver() {
  let started: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
  beforeAll(async () => {
    started = await startWebhookReceiver();
  });
  afterAll(() => started?.close());
  return {
    get url() {
      return started!.url;
    },
  };
}

/** The open slots /demo offers now, as ISO instants. */
async function offeredSlots() {
  const page = await (await fetch(`${site.url}/demo`)).text();
  return [...page.matchAll(/name="slot"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="slot"/g)]
    .map((match) => match[1] ?? match[2]!)
    .filter((value) => value !== 'none');
}

/** The calendar part of the newest mail to an address on a topic: its UID and SEQUENCE. */
async function invitation(to: string, topic: string) {
  const rows = await site.app.db.kysely.selectFrom('outbox').select('message').where('topic', '=', topic).execute();
  const mail = rows
    .map((row) => JSON.parse(row.message) as { to: string; icalEvent?: { content: string } })
    .findLast((message) => message.to === to);
  const content = mail?.icalEvent?.content ?? '';
  return { uid: /^UID:(.+)$/m.exec(content)?.[1]?.trim(), sequence: Number(/^SEQUENCE:(\d+)$/m.exec(content)?.[1]) };
}

/** `npm run team -- …` against the server's database and public URL; its output. */
async function team(...args: string[]) {
  const { stdout } = await run(process.execPath, [join(root, 'apps/server/src/cli/team.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: site.url },
  });
  return stdout;
}

/**
 * Chromium's virtual authenticator, over the DevTools protocol's WebAuthn domain: a platform
 * authenticator that keeps discoverable credentials and says yes to every presence check. With
 * `verified: false` it cannot check a fingerprint, face or PIN, as a security key without a PIN.
 */
async function withAuthenticator(context: BrowserContext, page: Page, { verified = true } = {}) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: verified,
      isUserVerified: verified,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * Runs `count` ceremonies in the page, then posts their answers together. With `unverified`, as
 * a client that asks the authenticator for no user verification, whatever the server's options
 * say: what a reviewer's hand-made client sends. The status and error of each post.
 */
async function postCeremonies(
  page: Page,
  kind: 'create' | 'get',
  steps: { options: string; post: string; body: Record<string, unknown> },
  { count = 1, unverified = true } = {},
) {
  return page.evaluate(
    async ({ kind, steps, count, unverified }) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify(body),
        });
      const answers: unknown[] = [];
      for (let n = 0; n < count; n++) {
        const options = (await (await post(steps.options, steps.body)).json()) as never;
        if (kind === 'create') {
          const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options);
          if (unverified)
            publicKey.authenticatorSelection = { ...publicKey.authenticatorSelection, userVerification: 'discouraged' };
          answers.push(((await navigator.credentials.create({ publicKey })) as PublicKeyCredential).toJSON());
        } else {
          const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options);
          if (unverified) publicKey.userVerification = 'discouraged';
          answers.push(((await navigator.credentials.get({ publicKey })) as PublicKeyCredential).toJSON());
        }
      }
      const sent = await Promise.all(answers.map((response) => post(steps.post, { ...steps.body, response })));
      return Promise.all(
        sent.map(async (answer) => ({
          status: answer.status,
          error: ((await answer.json()) as { error?: string }).error,
        })),
      );
    },
    { kind, steps, count, unverified },
  );
}

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'gm_team');

/** A member invited from the CLI and enrolled with a passkey in a browser of their own; their session cookie. */
async function enrolled(email: string, role: string, name: string) {
  const printed = await team('invite', email, '--role', role, '--name', name);
  const link = /http:\/\/localhost:\d+\/team\/enrol\?token=[\w-]+/.exec(printed)![0];
  const { context, page } = await site.openPage(viewports[1]);
  await withAuthenticator(context, page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Create a passkey and sign in' }).click();
  await page.waitForURL(`${site.url}/team/leads`);
  const cookie = (await sessionCookie(context))!;
  await context.close();
  return cookie;
}

/** The link a mail in the outbox carries to this address, on this topic. */
async function mailedLink(to: string, topic: string) {
  const rows = await site.app.db.kysely.selectFrom('outbox').select('message').where('topic', '=', topic).execute();
  const message = rows
    .map((row) => JSON.parse(row.message) as { to: string; text: string })
    .findLast((mail) => mail.to === to);
  return /https?:\/\/\S+/.exec(message?.text ?? '')?.[0];
}

describe('the team console', () => {
  it('enrols from the CLI link with a passkey, finds and works a lead, signs out, and signs in again', async () => {
    const printed = await team('invite', 'ada@growmail.io', '--role', 'admin', '--name', 'Ada Obi');
    const link = /http:\/\/localhost:\d+\/team\/enrol\?token=[\w-]+/.exec(printed)?.[0];
    expect(link).toBeDefined();

    const { context, page, problems } = await site.openPage(viewports[0]);
    await withAuthenticator(context, page);

    // A mail scanner's GET changes nothing: the link still works after it.
    expect((await fetch(link!)).status).toBe(200);
    await page.goto(link!);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create a passkey and sign in' }).click();
    await page.waitForURL(`${site.url}/team/leads`);
    expect(await site.app.team.passkeys((await site.app.team.memberByEmail('ada@growmail.io'))!.id)).toHaveLength(1);
    // The link worked once.
    expect((await fetch(link!)).status).toBe(404);

    // A lead posted a moment before, found by its address.
    const address = 'kemi@acme.example';
    const posted = await site.app.inject({
      method: 'POST',
      url: '/services/users/guests/enquiry',
      payload: { ...enquiry, email: address, fullname: 'Kemi Adeyemi' },
    });
    expect(posted.statusCode).toBeLessThan(300);
    await page.getByLabel('Search', { exact: true }).fill(address);
    await page.getByRole('button', { name: 'Search' }).click();
    expect(page.url()).not.toContain('kemi');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Kemi Adeyemi' }).click();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Assign to').selectOption({ label: 'Me' });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Assigned.');
    await page.getByRole('button', { name: 'Mark as handled' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Marked as handled.');
    const [lead] = (await site.app.leads.list({})).filter((row) => row.email === address);
    expect(lead).toMatchObject({ status: 'handled', assignee_id: expect.any(String) });
    expect(await page.getByText('Ada Obi marked it handled').count()).toBe(1);

    // A held demo request, released: it books the slot it asked for, invites, and fires demo.booked.
    const [asked, other] = await offeredSlots();
    expect(other).toBeDefined();
    const prospect = 'zainab@held.example';
    const held = await site.app.inject({
      method: 'POST',
      url: '/services/users/demos',
      payload: {
        ...demoRequest,
        metadata: { ...demoRequest.metadata, email: prospect, firstname: 'Zainab' },
        booking: { slot: asked, zone: 'Africa/Accra' },
        [honeypotField]: 'http://spam.example',
      },
    });
    expect(held.statusCode).toBe(201);
    await page.getByRole('link', { name: 'Held as spam' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('checkbox', { name: /Zainab/ }).check();
    await page.getByRole('button', { name: 'Release the ticked posts' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('booked the slot it asked for');
    const booking = await site.app.demos.openBookingOf(prospect, new Date());
    expect(booking?.starts_at).toBe(asked);
    expect((await invitation(prospect, 'demo:booked')).sequence).toBe(0);
    const events = await site.app.db.kysely.selectFrom('webhook_events').select(['type', 'payload']).execute();
    expect(events.filter((event) => event.type === 'demo.booked' && event.payload.includes(prospect))).toHaveLength(1);
    expect(await offeredSlots()).not.toContain(asked);

    // Moved by sales: the same UID, a higher SEQUENCE.
    await page.getByRole('link', { name: 'Demos' }).click();
    expect(await axeViolations(page)).toEqual([]);
    const first = await invitation(prospect, 'demo:booked');
    const card = page.getByRole('listitem').filter({ hasText: prospect });
    await card.getByRole('link', { name: /^Move the demo with/ }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('New time').selectOption(other!);
    await page.getByRole('button', { name: 'Move the demo' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Moved');
    const moved = await invitation(prospect, 'demo:moved');
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBeGreaterThan(first.sequence);
    expect((await site.app.demos.openBookingOf(prospect, new Date()))?.starts_at).toBe(other);
    // The lead's page shows its booking.
    await page.getByRole('listitem').filter({ hasText: prospect }).getByRole('link', { name: 'the lead' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('term')
          .filter({ hasText: /^Demo$/ })
          .count(),
      )
      .toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Demos' }).click();

    // A day off: /demo stops offering that day.
    const offDay = (await offeredSlots()).at(-1)!;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(offDay));
    await page.getByLabel('First day').fill(date);
    await page.getByRole('button', { name: 'Add the time off' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Time off saved');
    const sameDay = (slot: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(slot)) === date;
    await expect.poll(async () => (await offeredSlots()).filter(sameDay)).toEqual([]);

    // Signing out ends the session on the server: the old cookie opens nothing.
    const before = await sessionCookie(context);
    expect(before).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/team' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${site.url}/team/sign-in?done=signed-out`);
    await context.addCookies([before!]);
    await page.goto(`${site.url}/team/leads`);
    expect(page.url()).toBe(`${site.url}/team/sign-in`);

    // And the passkey signs in again, naming no address.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${site.url}/team/leads`);
    const after = await sessionCookie(context);
    expect(after?.value).not.toBe(before!.value);
    expect(problems).toEqual({ console: [], failed: [] });
    await context.close();
  });

  it('works a lead with JavaScript off, on a session cookie', async () => {
    const cookie = await enrolled('bola@growmail.io', 'sales', 'Bola Ade');

    const address = 'tunde@noscript.example';
    await site.app.inject({
      method: 'POST',
      url: '/services/users/guests/enquiry',
      payload: { ...enquiry, email: address, fullname: 'Tunde Bello' },
    });
    const { context, page } = await site.openPage(viewports[0], { javaScript: false });
    await context.addCookies([cookie]);
    await page.goto(`${site.url}/team/leads?form=enquiry&status=new`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Tunde Bello' }).click();
    await page.getByLabel('Add a note').fill('Called; wants the agency plan.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Note added.');
    await page.getByRole('button', { name: 'Mark as handled' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Marked as handled.');
    const [lead] = (await site.app.leads.list({})).filter((row) => row.email === address);
    expect(lead?.status).toBe('handled');
    expect(await site.app.leads.notes(lead!.id)).toMatchObject([
      { text: 'Called; wants the agency plan.', member_name: 'Bola Ade' },
    ]);

    // A post the screening held by mistake, released without script.
    const heldAddress = 'ifeoma@held.example';
    await site.app.inject({
      method: 'POST',
      url: '/services/users/guests/enquiry',
      payload: { ...enquiry, email: heldAddress, fullname: 'Ifeoma Nwosu', [honeypotField]: 'x' },
    });
    expect((await site.app.leads.list({})).filter((row) => row.email === heldAddress)).toEqual([]);
    await page.goto(`${site.url}/team/quarantine`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('checkbox', { name: /Ifeoma Nwosu/ }).check();
    await page.getByRole('button', { name: 'Release the ticked posts' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Released one post. Open the lead it became: Ifeoma Nwosu’s enquiry.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('notice');
    expect(await axeViolations(page)).toEqual([]);
    const [released] = (await site.app.leads.list({})).filter((row) => row.email === heldAddress);
    expect(released?.released_by).toBe('Bola Ade');
    await page.getByRole('status').getByRole('link', { name: 'Ifeoma Nwosu’s enquiry' }).click();
    await page.waitForURL(`${site.url}/team/leads/${released!.id}`);

    // A refused form shows its problem by the field, keeps what was typed, and passes axe.
    await page.goto(`${site.url}/team/demos`);
    await page.getByRole('link', { name: 'Change the hours' }).click();
    await page.getByLabel('Until, Tuesday', { exact: true }).fill('08:00');
    await page.getByRole('button', { name: 'Save the hours' }).click();
    const until = page.getByLabel('Until, Tuesday', { exact: true });
    expect(await until.inputValue()).toBe('08:00');
    expect(await until.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#hours-tue-problem').textContent()).toBe(
      'On Tuesday, 09:00-08:00 ends before it starts.',
    );
    expect(await axeViolations(page)).toEqual([]);

    // A demo is cancelled only after a confirmation that says who is mailed, with the team’s message.
    const [host] = await site.app.demos.hosts();
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(10, 0, 0, 0);
    const id = (await site.app.demos.take({
      hostId: host!.id,
      start,
      end: new Date(start.getTime() + 1_800_000),
      leadId: null,
      email: 'awa@dakar.example',
      name: 'Awa Diop',
      zone: 'Africa/Dakar',
      language: 'fr',
    }))!;
    await page.goto(`${site.url}/team/demos`);
    await page.getByRole('link', { name: 'Cancel the demo with Awa Diop…' }).click();
    await expect.poll(() => page.getByRole('heading', { name: /^Cancel the demo with Awa Diop/ }).count()).toBe(1);
    expect(await page.locator('#cancel').textContent()).toContain('is mailed the cancellation in French');
    expect(await axeViolations(page)).toEqual([]);
    expect(await site.app.demos.booking(id)).toMatchObject({ status: 'booked' });
    await page.getByLabel('Message to them (optional)').fill('Our host is ill; please book again.');
    await page.getByRole('button', { name: 'Cancel the demo and mail them' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Cancelled. The prospect gets the cancellation.');
    expect(await site.app.demos.booking(id)).toMatchObject({ status: 'cancelled' });

    // Moving one: the times by day with the weekday, its own time chosen, and a same-time move mails no one.
    const moving = (await site.app.demos.take({
      hostId: host!.id,
      start,
      end: new Date(start.getTime() + 1_800_000),
      leadId: null,
      email: 'moussa@dakar.example',
      name: 'Moussa Fall',
      zone: 'Africa/Dakar',
    }))!;
    await page.goto(`${site.url}/team/demos`);
    await page.getByRole('link', { name: 'Move the demo with Moussa Fall' }).click();
    const slot = page.getByLabel(/^New time/);
    expect(await slot.inputValue()).toBe(start.toISOString());
    expect(await slot.locator('optgroup').first().getAttribute('label')).toMatch(
      /^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/,
    );
    expect(await axeViolations(page)).toEqual([]);
    const mails = await site.app.db.kysely.selectFrom('outbox').select('id').execute();
    await page.getByRole('button', { name: 'Move the demo' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('nobody was mailed');
    expect(await site.app.db.kysely.selectFrom('outbox').select('id').execute()).toEqual(mails);
    expect(await site.app.demos.booking(moving)).toMatchObject({ starts_at: start.toISOString(), sequence: 0 });

    // Sales staff use phones: at 360 px no console page scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      '/team/leads',
      `/team/leads/${released!.id}`,
      '/team/quarantine',
      '/team/demos',
      '/team/account',
    ]) {
      await page.goto(`${site.url}${path}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect([path, width]).toEqual([path, 360]);
    }
    await context.close();
  });

  it('signs in once by a mailed link, whose session cannot manage members', async () => {
    await team('invite', 'chidi@growmail.io', '--role', 'admin', '--name', 'Chidi Eze');
    const { context, page } = await site.openPage(viewports[0], { javaScript: false });
    await page.goto(`${site.url}/team/sign-in`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Your work address').fill('chidi@growmail.io');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    const said = await page.getByRole('status').textContent();
    // The same words for an address that is no member's.
    await page.getByLabel('Your work address').fill('stranger@elsewhere.example');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    expect(await page.getByRole('status').textContent()).toBe(said);

    // The link is mailed after the answer, so that the answer takes as long for a stranger.
    await expect.poll(() => mailedLink('chidi@growmail.io', 'team:sign-in')).toMatch(/\/team\/link\?token=/);
    const link = await mailedLink('chidi@growmail.io', 'team:sign-in');
    expect(await mailedLink('stranger@elsewhere.example', 'team:sign-in')).toBeUndefined();
    await page.goto(link!);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${site.url}/team/leads`);
    expect(await page.getByText('signed in by link').count()).toBe(1);

    // An admin, but by link: reading members works, changing them does not.
    await page.goto(`${site.url}/team/members`);
    expect(await page.getByText('Sign in with a passkey to invite').count()).toBe(1);
    const cookie = (await sessionCookie(context))!;
    const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
    const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const invite = await fetch(`${site.url}/team/members`, {
      method: 'POST',
      headers: { origin: site.url, cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        _csrf: csrf!,
        email: 'eve@growmail.io',
        name: 'Eve',
        role: 'admin',
        zone: 'Africa/Lagos',
      }),
      redirect: 'manual',
    });
    expect(invite.status).toBe(403);
    const exported = await fetch(`${site.url}/team/leads/export`, { headers: { cookie: cookies } });
    expect(exported.status).toBe(403);
    expect(exported.headers.get('content-type')).toContain('text/html');
    expect(await site.app.team.memberByEmail('eve@growmail.io')).toBeUndefined();
    expect(cookie.value).toBeTruthy();

    // The link worked once.
    await page.goto(link!);
    expect(await page.getByRole('heading', { name: 'This link no longer works' }).count()).toBe(1);
    await context.close();
  });

  it('shows the Marketing page at 360 px without JavaScript: its tables scroll in their own box, and axe finds nothing', async () => {
    const cookie = await enrolled('dayo@growmail.io', 'viewer', 'Dayo Ade');

    // A campaign's visit, counted as a page counts it, so the tables have rows.
    const counted = await site.app.inject({
      url: '/visit',
      headers: {
        host: new URL(site.url).host,
        referer: `${site.url}/fr?utm_source=newsletter&utm_campaign=a-campaign-name-long-enough-to-scroll`,
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      },
    });
    expect(counted.statusCode).toBe(204);
    await site.app.visitCounter.flush();

    const { context, page } = await site.openPage(viewports[0], { javaScript: false });
    await page.setViewportSize({ width: 360, height: 780 });
    await context.addCookies([cookie]);
    await page.goto(`${site.url}/team/marketing`);
    expect(await page.getByRole('link', { name: 'Marketing', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('region', { name: 'By source, medium and campaign: figures' }).textContent()).toContain(
      'a-campaign-name-long-enough-to-scroll',
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const sources = page.getByRole('region', { name: 'By source, medium and campaign: figures' });
    expect(await sources.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await context.close();
  });

  it('refuses a passkey that did not verify its user, at enrolment and at sign-in, and says to use a PIN or a mailed link', async () => {
    const printed = await team('invite', 'femi@growmail.io', '--role', 'admin', '--name', 'Femi Ola');
    const link = /http:\/\/localhost:\d+\/team\/enrol\?token=[\w-]+/.exec(printed)![0];
    const token = new URL(link).searchParams.get('token')!;
    const member = (await site.app.team.memberByEmail('femi@growmail.io'))!;

    // A security key without a PIN, through the page: refused, and the page says what to do.
    const unverified = await site.openPage(viewports[0]);
    await withAuthenticator(unverified.context, unverified.page, { verified: false });
    await unverified.page.goto(link);
    expect(await unverified.page.getByText('A security key without a PIN cannot be used').count()).toBe(1);
    await unverified.page.getByRole('button', { name: 'Create a passkey and sign in' }).click();
    await expect.poll(() => unverified.page.getByRole('alert').textContent()).toMatch(/PIN/);
    // And through a client that asks for no verification: the server refuses the registration.
    const registered = await postCeremonies(unverified.page, 'create', {
      options: '/team/enrol/options',
      post: '/team/enrol/passkey',
      body: { token },
    });
    expect(registered).toEqual([{ status: 400, error: expect.stringContaining('a link by mail') }]);
    expect(await site.app.team.passkeys(member.id)).toEqual([]);
    await unverified.context.close();

    // Enrolled properly, then signing in without verification: refused, counted, and audited once a minute.
    const { context, page } = await site.openPage(viewports[0]);
    const { cdp, authenticatorId } = await withAuthenticator(context, page);
    await page.goto(link);
    await page.getByRole('button', { name: 'Create a passkey and sign in' }).click();
    await page.waitForURL(`${site.url}/team/leads`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${site.url}/team/sign-in?done=signed-out`);
    expect(await page.getByText('A security key without a PIN cannot sign in').count()).toBe(1);
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    const failures = async () =>
      (await site.app.metrics.teamSignInFailures.get()).values.find((value) => value.labels.method === 'passkey')
        ?.value ?? 0;
    const before = await failures();
    const steps = { options: '/team/sign-in/options', post: '/team/sign-in/passkey', body: {} };
    expect(await postCeremonies(page, 'get', steps)).toEqual([{ status: 400, error: expect.stringContaining('PIN') }]);
    expect(await postCeremonies(page, 'get', steps)).toEqual([{ status: 400, error: expect.stringContaining('PIN') }]);
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await failures()).toBe(before + 2);
    const refusals = (await site.app.audit.forRecord('member', member.id)).filter(
      (row) => row.action === 'sign-in.refused',
    );
    expect(refusals).toHaveLength(1);

    // With the fingerprint back, the same passkey signs in.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${site.url}/team/leads`);
    await context.close();
  });

  it('takes an enrolment link once when two passkeys are posted with it at the same moment', async () => {
    const printed = await team('invite', 'gbenga@growmail.io', '--role', 'sales', '--name', 'Gbenga Ade');
    const link = /http:\/\/localhost:\d+\/team\/enrol\?token=[\w-]+/.exec(printed)![0];
    const member = (await site.app.team.memberByEmail('gbenga@growmail.io'))!;
    const { context, page } = await site.openPage(viewports[0]);
    await withAuthenticator(context, page);
    await page.goto(link);
    const steps = {
      options: '/team/enrol/options',
      post: '/team/enrol/passkey',
      body: { token: new URL(link).searchParams.get('token') },
    };
    const answers = (await postCeremonies(page, 'create', steps, { count: 2, unverified: false })).map(
      (answer) => answer.status,
    );
    expect(answers.sort()).toEqual([200, 404]);
    expect(await site.app.team.passkeys(member.id)).toHaveLength(1);
    expect(await site.app.team.sessions(member.id)).toHaveLength(1);
    await context.close();
  });

  it('lets an admin remove a lost phone’s passkey without JavaScript, after a confirmation', async () => {
    const admin = await enrolled('hauwa@growmail.io', 'admin', 'Hauwa Bello');
    await enrolled('ike@growmail.io', 'sales', 'Ike Obi');
    const ike = (await site.app.team.memberByEmail('ike@growmail.io'))!;
    const { context, page } = await site.openPage(viewports[0], { javaScript: false });
    await context.addCookies([admin]);
    await page.goto(`${site.url}/team/members`);
    await page.getByRole('button', { name: 'Remove passkey First passkey of Ike Obi' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Remove the passkey “First passkey” of Ike Obi?' }).count())
      .toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await site.app.team.passkeys(ike.id)).toHaveLength(1);
    await page.getByRole('button', { name: 'Remove the passkey', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Passkey removed');
    expect(await site.app.team.passkeys(ike.id)).toEqual([]);
    expect(await site.app.team.sessions(ike.id)).toEqual([]);

    // Removing the member asks too, and says nobody is mailed.
    await page.getByRole('button', { name: 'Remove Ike Obi…' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Remove Ike Obi (sales) from the team?' }).count())
      .toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await site.app.team.member(ike.id)).toBeDefined();
    await page.getByRole('button', { name: 'Remove Ike Obi', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Member removed');
    expect(await site.app.team.member(ike.id)).toBeUndefined();
    await context.close();
  });
});
