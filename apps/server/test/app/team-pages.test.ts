import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { enquiry } from '@growmail/test-support/submissions';
import { dataAccess } from '../../src/repositories/index.ts';
import { commandActor } from '../../src/lib/actor.ts';
import { inviteMember } from '../../src/team/members.ts';
import { signedIn } from './console-session.ts';

/** What a console page tells where the member is: its title, and the navigation link marked current. */
const placeOf = (html: string) => {
  const page = parse(html);
  return {
    title: page.querySelector('title')?.text,
    current: page.querySelectorAll('nav[aria-label="Console"] a[aria-current="page"]').map((link) => link.text),
  };
};

describe('each console page, a file of its own', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  let leadId: string;

  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: 'http://localhost:4010' });
    await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: enquiry });
    leadId = (await app.leads.list({}))[0]!.id;
  });
  afterAll(() => app.close());

  it('names itself in its title and marks its own link in the navigation, a lead’s page the inbox’s', async () => {
    const { cookies } = await signedIn(app, 'admin');
    const pages: Array<[string, string, string]> = [
      ['/team/leads', 'Leads', 'Leads'],
      [`/team/leads/${leadId}`, 'Lead', 'Leads'],
      ['/team/quarantine', 'Held as spam', 'Held as spam'],
      ['/team/demos', 'Demos', 'Demos'],
      ['/team/marketing', 'Marketing', 'Marketing'],
      ['/team/members', 'Members', 'Members'],
      ['/team/people', 'A person’s data', 'People'],
      ['/team/audit', 'Audit', 'Audit'],
      ['/team/account', 'Your account', 'Account'],
    ];
    for (const [url, title, link] of pages) {
      const answer = await app.inject({ url, cookies });
      expect([url, answer.statusCode, placeOf(answer.body)]).toEqual([
        url,
        200,
        { title: `${title} · Growmail team`, current: [link] },
      ]);
    }
  });

  it('shows the signed-out pages and the problem page by their own titles, with no navigation', async () => {
    const invitation = { email: 'new@growmail.test', name: 'Nia', role: 'sales', zone: 'Africa/Lagos' } as const;
    const { link } = await inviteMember(dataAccess(app.db), app.config, invitation, commandActor('team'));
    const enrol = await app.inject(new URL(link).pathname + new URL(link).search);
    expect(placeOf(enrol.body)).toEqual({ title: 'Create your passkey · Growmail team', current: [] });
    expect(placeOf((await app.inject('/team/sign-in')).body)).toEqual({
      title: 'Sign in · Growmail team',
      current: [],
    });
    const used = await app.inject(`/team/link?token=${'x'.repeat(43)}`);
    expect([used.statusCode, placeOf(used.body).title]).toEqual([404, 'Link expired · Growmail team']);
    const missing = await app.inject('/team/nowhere');
    expect([missing.statusCode, placeOf(missing.body)]).toEqual([
      404,
      { title: 'Not found · Growmail team', current: [] },
    ]);
  });
});
