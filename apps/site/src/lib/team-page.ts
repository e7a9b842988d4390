import type { TeamLocals, TeamPage, TeamView } from '@growmail/contracts/team';

/** The props the server hands one console view. */
export type TeamPageOf<View extends TeamView> = Extract<TeamPage, { view: View }>;

const isView = <View extends TeamView>(page: TeamPage, view: View): page is TeamPageOf<View> => page.view === view;

/**
 * What a console route renders (D40): the server's `locals.team` when it is for this route's view,
 * its page narrowed to that view's props; undefined otherwise, and the route answers 404.
 */
export function consolePage<View extends TeamView>(team: TeamLocals | undefined, view: View) {
  if (!team || !isView(team.page, view)) return undefined;
  return { page: team.page, viewer: team.viewer, csrf: team.csrf };
}

/** The same for a page only a signed-in member is shown: undefined when nobody is signed in. */
export function memberPage<View extends TeamView>(team: TeamLocals | undefined, view: View) {
  const found = consolePage(team, view);
  return found?.viewer ? { ...found, viewer: found.viewer } : undefined;
}
