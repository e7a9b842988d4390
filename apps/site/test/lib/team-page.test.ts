import type { TeamLocals } from '@growmail/contracts/team';
import { describe, expect, it } from 'vitest';
import { consolePage, memberPage } from '../../src/lib/team-page';

const viewer = { id: 'm1', name: 'Ada', role: 'sales', method: 'passkey', zone: 'Africa/Lagos' } as const;
const audit: TeamLocals = { page: { view: 'audit', rows: [] }, viewer, csrf: 'token' };
const signIn: TeamLocals = { page: { view: 'sign-in' }, csrf: 'token' };

describe('the locals a console route renders', () => {
  it('gives a route the page the server handed it for its own view', () => {
    expect(consolePage(audit, 'audit')).toEqual({ page: audit.page, viewer, csrf: 'token' });
    expect(consolePage(signIn, 'sign-in')).toEqual({ page: signIn.page, viewer: undefined, csrf: 'token' });
  });

  it('gives nothing for another view’s page, or for none, so the route answers 404', () => {
    expect(consolePage(audit, 'members')).toBeUndefined();
    expect(consolePage(undefined, 'audit')).toBeUndefined();
  });

  it('gives a member’s page only with the member signed in', () => {
    expect(memberPage(audit, 'audit')?.viewer).toEqual(viewer);
    expect(memberPage({ ...audit, viewer: undefined }, 'audit')).toBeUndefined();
  });
});
