import { describe, expect, it } from 'vitest';
import { landingPage, may, mayUseRoute, rolePermissions, teamRoutes } from '../src/team-access.ts';
import { teamRoles } from '../src/team.ts';

describe('the console’s access table', () => {
  it('lets an editor edit and publish the site’s words and read the Marketing page, and nothing of the leads (D45)', () => {
    expect([...rolePermissions.editor].sort()).toEqual([
      'account',
      'content.edit',
      'content.publish',
      'marketing.read',
    ]);
    expect(may('editor', 'contacts.see')).toBe(false);
    expect(mayUseRoute({ role: 'editor', method: 'passkey' }, 'GET /team/marketing')).toBe(true);
    expect(mayUseRoute({ role: 'editor', method: 'passkey' }, 'GET /team/leads')).toBe(false);
    expect(mayUseRoute({ role: 'editor', method: 'passkey' }, 'GET /team/members')).toBe(false);
  });

  it('leaves prices to admins, and the site’s content to editors and admins', () => {
    expect(teamRoles.filter((role) => may(role, 'prices.edit'))).toEqual(['admin']);
    expect(teamRoles.filter((role) => may(role, 'content.edit'))).toEqual(['editor', 'admin']);
    expect(teamRoles.filter((role) => may(role, 'content.publish'))).toEqual(['editor', 'admin']);
    expect(
      teamRoles.filter((role) => mayUseRoute({ role, method: 'link' }, 'POST /team/site/publish')),
      'publishing, even signed in by a link',
    ).toEqual(['editor', 'admin']);
    for (const route of [
      'POST /team/site/preview',
      'GET /team/site/preview/:version/*',
      'GET /team/site/images/:image',
    ] as const)
      expect(
        teamRoles.filter((role) => mayUseRoute({ role, method: 'link' }, route)),
        route,
      ).toEqual(['editor', 'admin']);
  });

  it('lands each role on the first page it may open', () => {
    expect(Object.fromEntries(teamRoles.map((role) => [role, landingPage(role)]))).toEqual({
      viewer: '/team/leads',
      sales: '/team/leads',
      editor: '/team/site',
      admin: '/team/leads',
    });
    for (const role of teamRoles) expect(mayUseRoute({ role, method: 'link' }, `GET ${landingPage(role)}`)).toBe(true);
  });

  it('names only permissions that exist, and grants every role its own account', () => {
    const known = new Set(rolePermissions.admin);
    for (const grant of Object.values(teamRoutes))
      if (grant !== 'public') for (const permission of grant.needs) expect(known).toContain(permission);
    for (const role of teamRoles) expect(may(role, 'account')).toBe(true);
  });
});
