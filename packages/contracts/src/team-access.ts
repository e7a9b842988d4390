import type { TeamRole, TeamSignIn } from './team.ts';

/**
 * Who may do what in the team console (D41), in one table: the permissions each role is granted,
 * and what each console route needs. The server's gate reads it for every request, the pages ask
 * it whether to show a control, and the role test walks it. Permissions are granted per role, not
 * by rank, so a role that fits no rank (an editor of the site's words, say) is one more row.
 */
export const teamPermissions = [
  /** One's own account: passkeys, sessions, signing out. */
  'account',
  /** The inbox, a lead's page, the quarantine and the demos agenda, with contacts as the role sees them. */
  'leads.read',
  /** People's addresses and phone numbers whole, in fields and in free text; masked otherwise. */
  'contacts.see',
  /** Assigning a lead, marking it handled or new, adding a note. */
  'leads.work',
  /**
   * Alerts of new leads and of leads given to them, on the devices they choose (issue 54): for
   * those who work leads. A viewer has none: they cannot assign or answer the lead an alert calls
   * them to, and no lead is given to them.
   */
  'leads.alerts',
  /** Releasing or deleting posts the screening held. */
  'quarantine.work',
  /** Moving and cancelling demos, and the hours, time off and hosts. */
  'demos.work',
  /** The Marketing page and its tables. */
  'marketing.read',
  /** Every lead as a file (D41: admins only, with a passkey). */
  'leads.export',
  /** A person's data found, exported and erased on request. */
  'people.erase',
  /** Inviting members, their roles, their sessions and passkeys, removing them. */
  'members.manage',
  /** The audit of every change. */
  'audit.read',
  /** The site's words and lists (D45): drafts of every entry but the prices, saved, taken over. */
  'content.edit',
  /** Publishing drafts to the site, and undoing a publish (D45). */
  'content.publish',
  /** The pricing catalogue's drafts (D45: admins only, since a price is a promise). */
  'prices.edit',
] as const;
export type TeamPermission = (typeof teamPermissions)[number];

const viewer = ['account', 'leads.read', 'marketing.read'] as const satisfies readonly TeamPermission[];
const sales = [...viewer, 'contacts.see', 'leads.work', 'leads.alerts', 'quarantine.work', 'demos.work'] as const;
/**
 * Marketing's role (D45): the site's content and the Marketing page, with no leads and contact
 * details masked wherever its pages would show them; prices stay an admin's.
 */
const editor = ['account', 'marketing.read', 'content.edit', 'content.publish'] as const;

/** The permissions of each role. */
export const rolePermissions: Record<TeamRole, readonly TeamPermission[]> = {
  viewer,
  sales,
  editor,
  admin: teamPermissions,
};

/** Whether a member with this role has this permission. */
export const may = (role: TeamRole, permission: TeamPermission): boolean => rolePermissions[role].includes(permission);

/**
 * What a console route needs: every permission named, and for some a session opened with a
 * passkey, since a mailed link's session must not export or manage (D41).
 */
export type TeamGrant = { needs: readonly TeamPermission[]; passkey?: true };

const needs = (...permissions: TeamPermission[]): TeamGrant => ({ needs: permissions });
const withPasskey = (...permissions: TeamPermission[]): TeamGrant => ({ needs: permissions, passkey: true });

/**
 * Every console route, as `METHOD path` the way Fastify registers it, and what it needs:
 * `public` for signing in and enrolling. A route missing here stops the server at start.
 */
export const teamRoutes = {
  'GET /team': 'public',
  'GET /team/sign-in': 'public',
  'POST /team/sign-in/link': 'public',
  'POST /team/sign-in/options': 'public',
  'POST /team/sign-in/passkey': 'public',
  'GET /team/link': 'public',
  'POST /team/link': 'public',
  'GET /team/enrol': 'public',
  'POST /team/enrol': 'public',
  'POST /team/enrol/options': 'public',
  'POST /team/enrol/passkey': 'public',
  // Any other path: the console's own 404, for anyone.
  'GET /team/*': 'public',
  // The console's service worker and app manifest, which a browser fetches on its own, with no form.
  'GET /team/alerts-worker.js': 'public',
  'GET /team/manifest.webmanifest': 'public',
  'POST /team/sign-out': needs('account'),
  'POST /team/sign-out-everywhere': needs('account'),
  'GET /team/account': needs('account'),
  'POST /team/account/passkeys/options': withPasskey('account'),
  'POST /team/account/passkeys': withPasskey('account'),
  'POST /team/account/passkeys/:id/rename': withPasskey('account'),
  'POST /team/account/passkeys/:id/remove': withPasskey('account'),
  // A device, not a credential: a mailed link's session may turn alerts on and off on it.
  'POST /team/account/alerts': needs('leads.alerts'),
  'POST /team/account/alerts/remove': needs('account'),
  'GET /team/leads': needs('leads.read'),
  // A role without `contacts.see` searches names and companies only (team/lead-routes.ts).
  'POST /team/leads/search': needs('leads.read'),
  'GET /team/leads/:id': needs('leads.read'),
  'POST /team/leads/:id/assign': needs('leads.work'),
  'POST /team/leads/:id/status': needs('leads.work'),
  'POST /team/leads/:id/notes': needs('leads.work'),
  'GET /team/leads/export': withPasskey('leads.export'),
  'GET /team/quarantine': needs('leads.read'),
  'POST /team/quarantine': needs('quarantine.work'),
  'POST /team/quarantine/:id/release': needs('quarantine.work'),
  'GET /team/demos': needs('leads.read'),
  'POST /team/demos/:id/move': needs('demos.work'),
  'POST /team/demos/:id/cancel': needs('demos.work'),
  'POST /team/demos/blocks': needs('demos.work'),
  'POST /team/demos/blocks/:id/remove': needs('demos.work'),
  'POST /team/demos/hours': needs('demos.work'),
  'POST /team/demos/hosts': needs('demos.work'),
  'POST /team/demos/hosts/:id/remove': needs('demos.work'),
  'GET /team/marketing': needs('marketing.read'),
  'GET /team/marketing/csv/:table': needs('marketing.read'),
  'GET /team/people': needs('people.erase'),
  'POST /team/people/erase': withPasskey('people.erase'),
  'GET /team/members': needs('members.manage'),
  'POST /team/members': withPasskey('members.manage'),
  'POST /team/members/:id/role': withPasskey('members.manage'),
  'POST /team/members/:id/remove': withPasskey('members.manage'),
  'POST /team/members/:id/sign-out': withPasskey('members.manage'),
  'POST /team/members/:id/passkeys/:passkey/remove': withPasskey('members.manage'),
  'GET /team/audit': needs('audit.read'),
  'GET /team/site': needs('content.edit'),
  // An entry's kind may ask more (prices: `prices.edit`), which team/site-routes.ts checks.
  'GET /team/site/:entry': needs('content.edit'),
  'POST /team/site/:entry': needs('content.edit'),
  'POST /team/site/:entry/take-over': needs('content.edit'),
  'GET /team/site/:entry/history': needs('content.edit'),
  'POST /team/site/:entry/restore': needs('content.edit'),
  // Undo asks first, on a page of its own (D44), and posts the publish it confirmed.
  'GET /team/site/undo': needs('content.publish'),
  'POST /team/site/undo': needs('content.publish'),
  // A chosen draft of a kind that asks more (prices: `prices.edit`) is refused by team/site-routes.ts.
  'POST /team/site/publish': needs('content.publish'),
  'POST /team/site/preview': needs('content.edit'),
  'GET /team/site/preview/:version/*': needs('content.edit'),
  // An uploaded image's small preview, for the form that holds it.
  'GET /team/site/images/:image': needs('content.edit'),
} as const satisfies Record<string, 'public' | TeamGrant>;
export type TeamRoute = keyof typeof teamRoutes;

/**
 * What a console route needs, HEAD as its GET and `/team/` as `/team` (Fastify registers a
 * prefix's own route both ways); undefined for a route the table does not know.
 */
export const grantOf = (method: string, url: string): 'public' | TeamGrant | undefined =>
  (teamRoutes as Record<string, 'public' | TeamGrant>)[
    `${method === 'HEAD' ? 'GET' : method} ${url.length > 1 ? url.replace(/\/$/, '') : url}`
  ];

/**
 * Why a member may not use a route: the permissions their role lacks, or a session opened
 * without a passkey where one is needed; null when they may.
 */
export function refusal(
  role: TeamRole,
  method: TeamSignIn,
  grant: TeamGrant,
): { lacking: TeamPermission[] } | { passkey: true } | null {
  const lacking = grant.needs.filter((permission) => !may(role, permission));
  if (lacking.length > 0) return { lacking };
  return grant.passkey && method !== 'passkey' ? { passkey: true } : null;
}

/** Whether a member with this role, signed in this way, may use a route: what a page asks before it shows a link or a form. */
export function mayUseRoute(viewer: { role: TeamRole; method: TeamSignIn }, route: TeamRoute): boolean {
  const grant: 'public' | TeamGrant = teamRoutes[route];
  return grant === 'public' || refusal(viewer.role, viewer.method, grant) === null;
}

type PagePath<Route> = Route extends `GET ${infer Path}` ? Path : never;
/** The path of a console page a link can open. */
export type TeamPagePath = PagePath<TeamRoute>;

/** Where a member lands, first found first: signing in, or opening /team. */
const landings = ['/team/leads', '/team/site', '/team/marketing'] as const satisfies readonly TeamPagePath[];

/** The console page a member of this role lands on: the inbox, or for a role without it the first page it may open. */
export const landingPage = (role: TeamRole): TeamPagePath =>
  landings.find((path) => mayUseRoute({ role, method: 'passkey' }, `GET ${path}`)) ?? '/team/account';
