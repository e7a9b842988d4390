import * as z from 'zod/mini';

/** How many posts a quarantine change came to; a count is all its URL carries (D31). */
export type HeldOutcome = {
  /** Released, no slot asked for. */
  released?: number | undefined;
  /** Released, and booked the slot it asked for. */
  booked?: number | undefined;
  /** Released without its slot, because the address already holds a booking. */
  kept?: number | undefined;
  deleted?: number | undefined;
};

const outcomeKeys = ['released', 'booked', 'kept', 'deleted'] as const;
const count = z.optional(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,3}$/)), z.transform(Number)));
const outcomeQuery = z.object(Object.fromEntries(outcomeKeys.map((key) => [key, count])));

const posts = (n: number) => (n === 1 ? 'one post' : `${n} posts`);

/** The notice for a quarantine change, in the order the posts' fates are told. */
export function heldOutcomeText(outcome: HeldOutcome): string {
  const { released = 0, booked = 0, kept = 0, deleted = 0 } = outcome;
  const said = [
    released && `released ${posts(released)}`,
    booked &&
      (booked === 1
        ? 'released one post: it booked the slot it asked for, and the invitation is on its way'
        : `released ${booked} posts: they booked the slots they asked for, and the invitations are on their way`),
    kept &&
      `released ${posts(kept)} without the slot asked for: the address already holds a booking, so it took no other`,
    deleted && `deleted ${posts(deleted)}`,
  ].filter(Boolean);
  if (said.length === 0) return 'Nothing was held under those ids.';
  const text = said.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

type Notice = string | ((query: unknown) => string | undefined);

/**
 * Every notice a console page shows after a change, by page and key. The URL a change redirects
 * to names a key, and at most a few counts; a key that is not here, or any other text, shows
 * nothing, so no link can put words of its own in the console's notice box.
 */
const notices = {
  'sign-in': {
    'link-sent':
      'If that address belongs to a member of the team, a sign-in link is on its way. It works once, for 15 minutes.',
    'signed-out': 'You are signed out.',
  },
  account: {
    added: 'Passkey added.',
    renamed: 'Passkey renamed.',
    removed: 'Passkey removed.',
    'alerts-on': 'Alerts are on for this device.',
    'alerts-off': 'Alerts are off on that device.',
  },
  members: {
    invited: 'Invitation sent. The link went to their address only.',
    'role-changed': 'Role changed; their sessions have ended.',
    removed: 'Member removed; their sessions have ended.',
    'signed-out': 'Their sessions and any sign-in link have ended.',
    'passkey-removed': 'Passkey removed; their sessions and any sign-in link have ended.',
  },
  site: {
    saved: 'Draft saved. Visitors see it once it is published.',
    'taken-over': 'The draft is yours now: your name is on it, and its editor sees that you have it.',
    'moved-on': 'The draft changed before you could take it over. Here it is as it is now.',
    'preview-requested':
      'Preview on its way. The site is being built with your drafts, which takes about a minute; reload this page for the link.',
    'publish-requested':
      'Publishing. The site is being built and checked with your drafts, which takes about a minute; reload this page to see the outcome.',
    restored: 'That version is your draft now. Visitors see it once it is published.',
    undone:
      'Undone. Visitors see the site as it was before that publish: this server now, every other within a minute.',
  },
  people: {
    erased: 'Erased. The address is on the suppression list.',
  },
  lead: {
    assigned: 'Assigned.',
    handled: 'Marked as handled.',
    reopened: 'Reopened.',
    noted: 'Note added.',
  },
  demos: {
    moved: 'Moved, with the same host. The prospect gets the updated invitation.',
    'moved-host': 'Moved, to the host you chose. The prospect gets the updated invitation, naming them.',
    unchanged: 'The demo is already at that time: nothing changed, and nobody was mailed.',
    cancelled: 'Cancelled. The prospect gets the cancellation.',
    blocked: 'Time off saved.',
    unblocked: 'Time off removed.',
    hours: 'Hours saved.',
    host: 'Host saved.',
    'host-removed': 'Host removed.',
  },
  quarantine: {
    handled: (query: unknown) => {
      const outcome = outcomeQuery.safeParse(query);
      return outcome.success ? heldOutcomeText(outcome.data) : undefined;
    },
    'released-booked': 'Released, and booked at the time you chose.',
    'released-without-slot': 'Released as a request without a slot.',
  },
} satisfies Record<string, Record<string, Notice>>;

type NoticePage = keyof typeof notices;
export type NoticeKey<Page extends NoticePage> = keyof (typeof notices)[Page] & string;

const doneQuery = z.object({ done: z.string() });

/** The notice a page's `?done=` names, or undefined for none, an unknown key or anything else. */
export function noticeFor(page: NoticePage, query: unknown): string | undefined {
  const parsed = doneQuery.safeParse(query);
  if (!parsed.success) return undefined;
  const map: Record<string, Notice> = notices[page];
  if (!Object.hasOwn(map, parsed.data.done)) return undefined;
  const notice = map[parsed.data.done]!;
  return typeof notice === 'string' ? notice : notice(query);
}

/** The address a change redirects to: the page, with its notice's key and counts. */
export function noticeUrl<Page extends NoticePage>(
  path: string,
  _page: Page,
  key: NoticeKey<Page>,
  counts: HeldOutcome = {},
) {
  const query = new URLSearchParams({ done: key });
  for (const [name, value] of Object.entries(counts)) if (value) query.set(name, String(value));
  return `${path}?${query}`;
}
