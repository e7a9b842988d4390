import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataAccess } from '../../src/repositories/index.ts';
import { openSession } from '../../src/team/sessions.ts';
import { testApp } from '@growmail/test-support/app';
import { enquiry } from '@growmail/test-support/submissions';
import { signedIn } from './console-session.ts';

/** What a page's notice box says, or null when it shows none. */
const noticeOf = (html: string) => /<p role="status"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null;

describe('the console’s notices are keys, never text from the URL', () => {
  let app: FastifyInstance;
  let cookies: Record<string, string>;
  let leadId: string;

  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: 'http://localhost:4010' });
    await app.inject({ method: 'POST', url: '/services/users/guests/enquiry', payload: enquiry });
    leadId = (await app.leads.list({}))[0]!.id;
    const data = dataAccess(app.db);
    const member = await data.team.upsertMember({
      email: 'notices@growmail.test',
      name: 'A viewer',
      zone: 'Africa/Lagos',
      role: 'viewer',
    });
    cookies = { gm_team: await openSession(data, member.id, 'passkey') };
  });
  afterAll(() => app.close());

  const notice = async (url: string) => {
    const answer = await app.inject({ url, cookies });
    expect([url, answer.statusCode]).toEqual([url, 200]);
    return noticeOf(answer.body);
  };

  it('shows each known key’s text', async () => {
    const known: Array<[string, string]> = [
      [`/team/leads/${leadId}?done=assigned`, 'Assigned.'],
      [`/team/leads/${leadId}?done=handled`, 'Marked as handled.'],
      [`/team/leads/${leadId}?done=reopened`, 'Reopened.'],
      [`/team/leads/${leadId}?done=noted`, 'Note added.'],
      ['/team/demos?done=moved', 'Moved, with the same host. The prospect gets the updated invitation.'],
      ['/team/demos?done=cancelled', 'Cancelled. The prospect gets the cancellation.'],
      ['/team/demos?done=blocked', 'Time off saved.'],
      ['/team/demos?done=unblocked', 'Time off removed.'],
      ['/team/demos?done=hours', 'Hours saved.'],
      ['/team/demos?done=host', 'Host saved.'],
      ['/team/demos?done=host-removed', 'Host removed.'],
      [
        '/team/sign-in?done=link-sent',
        'If that address belongs to a member of the team, a sign-in link is on its way. It works once, for 15 minutes.',
      ],
      ['/team/sign-in?done=signed-out', 'You are signed out.'],
      ['/team/account?done=added', 'Passkey added.'],
      ['/team/account?done=renamed', 'Passkey renamed.'],
      ['/team/account?done=removed', 'Passkey removed.'],
      ['/team/quarantine?done=released-booked', 'Released, and booked at the time you chose.'],
      ['/team/quarantine?done=released-without-slot', 'Released as a request without a slot.'],
      ['/team/quarantine?done=handled', 'Nothing was held under those ids.'],
      ['/team/quarantine?done=handled&released=1', 'Released one post.'],
      ['/team/quarantine?done=handled&deleted=3', 'Deleted 3 posts.'],
      [
        '/team/quarantine?done=handled&released=2&booked=1&kept=1&deleted=1',
        'Released 2 posts; released one post: it booked the slot it asked for, and the invitation is on its way; ' +
          'released one post without the slot asked for: the address already holds a booking, so it took no other; ' +
          'deleted one post.',
      ],
    ];
    for (const [url, text] of known) expect([url, await notice(url)]).toEqual([url, text]);
  });

  it('shows no notice for free text, an unknown key, or counts that are not counts', async () => {
    const unknown = [
      '/team/quarantine?done=Your%20account%20is%20locked.%20Call%20us%20on%20555%200100',
      '/team/quarantine?done=Released%2C%20and%20booked%20at%20the%20time%20you%20chose.',
      '/team/quarantine?done=toString',
      '/team/quarantine?done=assigned',
      '/team/quarantine?done=handled&released=two',
      '/team/quarantine?done=handled&deleted=0',
      '/team/quarantine?done=handled&released=1&released=2',
      '/team/quarantine?done=released-booked&done=released-booked',
      `/team/leads/${leadId}?done=hours`,
      `/team/leads/${leadId}?done=__proto__`,
      '/team/demos?done=Moved%20to%20a%20new%20address',
      '/team/demos?done=',
      '/team/account?added=1',
      '/team/sign-in?sent=1',
    ];
    for (const url of unknown) expect([url, await notice(url)]).toEqual([url, null]);
  });

  it('shows the Members page’s notices to an admin', async () => {
    const admin = await signedIn(app, 'admin');
    const known: Array<[string, string]> = [
      ['invited', 'Invitation sent. The link went to their address only.'],
      ['role-changed', 'Role changed; their sessions have ended.'],
      ['removed', 'Member removed; their sessions have ended.'],
      ['signed-out', 'Their sessions and any sign-in link have ended.'],
      ['passkey-removed', 'Passkey removed; their sessions and any sign-in link have ended.'],
      ['gone', ''],
    ];
    for (const [key, text] of known) {
      const answer = await app.inject({ url: `/team/members?done=${key}`, cookies: admin.cookies });
      expect([key, noticeOf(answer.body) ?? '']).toEqual([key, text]);
    }
  });
});
