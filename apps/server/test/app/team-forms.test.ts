import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { signedIn } from './console-session.ts';

const origin = 'http://localhost:4012';

/** The problem shown under a field, and whether the field is marked invalid. */
const problemOf = (html: string, id: string) => ({
  problem: new RegExp(`<p id="${id}-problem"[^>]*>([^<]*)</p>`).exec(html)?.[1],
  invalid: new RegExp(`<(input|select)[^>]*id="${id}"[^>]*aria-invalid="true"`).test(html),
});
const inputValue = (html: string, id: string) =>
  new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0].match(/value="([^"]*)"/)?.[1];
const isTicked = (html: string, id: string) => new RegExp(`<input[^>]*id="held-${id}"[^>]*checked`).test(html);

describe('the account’s and the quarantine’s forms answer bad input by the field, keeping what was typed', () => {
  let app: FastifyInstance;
  let sales: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin });
    sales = await signedIn(app, 'sales');
  });
  afterAll(() => app.close());

  const post = (url: string, form: Array<[string, string]>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      cookies: sales.cookies,
      payload: new URLSearchParams([...form, ['_csrf', sales.csrf]]).toString(),
    });

  it('shows a passkey rename’s problem under that passkey’s name, with the name typed kept', async () => {
    const passkeys: Array<[string, string]> = [
      ['work-laptop', 'Work laptop'],
      ['phone', 'Phone'],
    ];
    for (const [id, name] of passkeys)
      await app.team.addPasskey({ id, member_id: sales.member.id, name, public_key: 'AA', counter: 0, transports: [] });
    const long = 'A laptop whose name runs on well past the sixty characters allowed';
    const answer = await post('/team/account/passkeys/phone/rename', [['name', long]]);
    expect(answer.statusCode).toBe(400);
    expect(problemOf(answer.body, 'rename-phone-name')).toEqual({
      problem: 'Keep the name to 60 characters.',
      invalid: true,
    });
    expect(inputValue(answer.body, 'rename-phone-name')).toBe(long);
    // The other passkey's form is untouched.
    expect(problemOf(answer.body, 'rename-work-laptop-name').problem).toBeUndefined();
    expect(inputValue(answer.body, 'rename-work-laptop-name')).toBe('Work laptop');

    const blank = await post('/team/account/passkeys/phone/rename', [['name', '   ']]);
    expect(problemOf(blank.body, 'rename-phone-name').problem).toBe('Give the passkey a name, such as “Work laptop”.');
    expect((await app.team.passkeys(sales.member.id)).map((passkey) => passkey.name).sort()).toEqual([
      'Phone',
      'Work laptop',
    ]);

    const renamed = await post('/team/account/passkeys/phone/rename', [['name', 'Old phone']]);
    expect([renamed.statusCode, renamed.headers.location]).toEqual([303, '/team/account?done=renamed']);
    const page = await app.inject({ url: renamed.headers.location!, cookies: sales.cookies });
    expect(page.body).toContain('Passkey renamed.');
  });

  it('shows an invitation’s problems under its fields, with what was typed kept', async () => {
    const admin = await signedIn(app, 'admin');
    const answer = await app.inject({
      method: 'POST',
      url: '/team/members',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      cookies: admin.cookies,
      payload: new URLSearchParams([
        ['email', 'wanjiru at growmail'],
        ['name', 'Wanjiru'],
        ['zone', 'Africa/Nairobi'],
        ['role', 'sales'],
        ['_csrf', admin.csrf],
      ]).toString(),
    });
    expect(answer.statusCode).toBe(400);
    expect(problemOf(answer.body, 'invite-email')).toEqual({ problem: expect.any(String), invalid: true });
    expect(answer.body).toMatch(/Check the (<!-- -->)?invitation/);
    expect([inputValue(answer.body, 'invite-email'), inputValue(answer.body, 'invite-name')]).toEqual([
      'wanjiru at growmail',
      'Wanjiru',
    ]);
    expect(inputValue(answer.body, 'invite-zone')).toBe('Africa/Nairobi');
    expect(problemOf(answer.body, 'invite-name').invalid).toBe(false);
  });

  it('shows a selection’s problem over the held posts, with the posts ticked kept ticked', async () => {
    await app.quarantine.insert('enquiry', 'first@spam.example', { fullname: 'First Held' }, ['mostly_links']);
    await app.quarantine.insert('enquiry', 'second@spam.example', { fullname: 'Second Held' }, ['mostly_links']);
    const [first, second] = (await app.quarantine.list(10)).map((row) => row.id);

    const noAction = await post('/team/quarantine', [['ids', first!]]);
    expect(noAction.statusCode).toBe(400);
    expect(noAction.body).toMatch(/<p id="held-problem"[^>]*>Choose to release or to delete the ticked posts.<\/p>/);
    expect([isTicked(noAction.body, first!), isTicked(noAction.body, second!)]).toEqual([true, false]);

    const badId = await post('/team/quarantine', [
      ['ids', second!],
      ['ids', 'not-a-held-id'],
      ['action', 'delete'],
    ]);
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toMatch(/<p id="held-problem"[^>]*>Tick at least one post, then choose release or delete.<\/p>/);
    expect([isTicked(badId.body, first!), isTicked(badId.body, second!)]).toEqual([false, true]);

    const none = await post('/team/quarantine', [['action', 'delete']]);
    expect(none.body).toMatch(/<p id="held-problem"[^>]*>Tick at least one post/);
    expect(await app.quarantine.list(10)).toHaveLength(2);
  });

  it('asks before deleting held posts, naming them, and deletes only on the confirming post', async () => {
    await app.quarantine.insert('enquiry', 'third@spam.example', { fullname: 'Third Held' }, ['mostly_links']);
    const third = (await app.quarantine.list(10)).find((row) => row.email === 'third@spam.example')!.id;
    const asked = await post('/team/quarantine', [
      ['ids', third],
      ['action', 'delete'],
    ]);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Delete this held post?');
    expect(asked.body).toContain('Third Held');
    expect(asked.body).toContain('Nobody is mailed');
    expect(await app.quarantine.find(third)).toBeDefined();
    const deleted = await post('/team/quarantine', [
      ['ids', third],
      ['confirm', 'yes'],
      ['action', 'delete'],
    ]);
    expect(deleted.headers.location).toBe('/team/quarantine?done=handled&deleted=1#notice');
    expect(await app.quarantine.find(third)).toBeUndefined();
  });

  it('shows a release’s refused time under its field', async () => {
    await app.quarantine.insert(
      'demo',
      'asked@spam.example',
      { fullname: 'Asked Slot', demo_start: '2026-01-05T09:00:00.000Z' },
      ['mostly_links'],
    );
    const held = (await app.quarantine.list(10)).find((row) => row.email === 'asked@spam.example')!;
    const answer = await post(`/team/quarantine/${held.id}/release`, [['slot', 'next Tuesday']]);
    expect(answer.statusCode).toBe(400);
    expect(problemOf(answer.body, 'pick-slot')).toEqual({
      problem: 'Choose a time, or to release it without one.',
      invalid: true,
    });
    expect(await app.quarantine.find(held.id)).toBeDefined();
  });
});
