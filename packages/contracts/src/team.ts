import * as z from 'zod/mini';
import type { TypedWeek } from './demo-availability.ts';
import type { DraftLanguage, PublishedEntry } from './content/entries.ts';
import type { FormValue } from './content/form.ts';
import type { HistoryRow, PublishRow } from './content/publish.ts';
import { leadKinds, type LeadKind } from './form-names.ts';
import { languages, type Language } from './language.ts';
import type { MarketingReport } from './marketing.ts';
import { isEmail } from './rules.ts';

/**
 * The team console (D40, D41): its roles, the inbox's filters, the forms' schemas, and what each
 * console page is handed to render. Who may do what is in ./team-access.ts.
 */
export const teamRoles = ['viewer', 'sales', 'editor', 'admin'] as const;
export type TeamRole = (typeof teamRoles)[number];
export const isTeamRole = (value: unknown): value is TeamRole => teamRoles.includes(value as TeamRole);

/** How a session was opened. A mailed link's session may not do what needs a passkey (D41). */
export type TeamSignIn = 'passkey' | 'link';

export const leadStatuses = ['new', 'handled'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

const recordId = z.string().check(z.regex(/^[0-9a-f-]{36}$/));

/** A console record's id in its path: a lead's, a booking's, a member's. */
export const recordParams = z.object({ id: recordId });

/** A passkey's id in its path: its credential id, as WebAuthn writes it. */
const passkeyId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,1400}$/));
export const passkeyParams = z.object({ id: passkeyId });
/** A member's passkey, as an admin removes it. */
export const memberPasskeyParams = z.object({ id: recordParams.shape.id, passkey: passkeyId });

/**
 * An admin's removal of a member's passkey, or of the member: the first post asks, the one with
 * `confirm=yes` removes (D44: nothing is removed in one tap).
 */
export const removalSchema = z.object({ confirm: z.optional(z.literal('yes')) });

/** A member's new role, as an admin gives it. */
export const memberRoleSchema = z.object({ role: z.enum(teamRoles, 'Choose a role.') });

/** The keyset cursor of a list's next page, as the previous page's link names it. */
const pageCursor = z.optional(
  z.string().check(z.regex(/^[A-Za-z0-9_-]{0,200}$/, 'must be a cursor from the previous page')),
);
/** The audit's older page. */
export const auditQuerySchema = z.object({ before: pageCursor });
/** The quarantine's older page; any other field (a notice's) is left for the page to read. */
export const quarantineQuerySchema = z.looseObject({ after: pageCursor });

/** The most leads a release's notice links to; the rest wait in the inbox's Unassigned view. */
export const releasedLinksAtMost = 20;
const leadId = z.string().check(z.regex(/^[0-9a-f-]{36}$/));
/** The leads a release made, as its notice's URL names them (ids only, D31). */
export const releasedLeadsQuery = z.object({
  lead: z.union([leadId, z.array(leadId).check(z.maxLength(releasedLinksAtMost))]),
});

/** Who a lead goes to: the member posting (`me`), nobody, or a member's id. */
export const leadAssignmentSchema = z.object({
  assignee: z.string().check(z.regex(/^(me|nobody|[0-9a-f-]{36})$/, 'Choose a member of the team.')),
});

export const leadStatusSchema = z.object({ status: z.enum(leadStatuses) });

export const leadNoteSchema = z.object({
  text: z
    .string()
    .check(z.trim(), z.minLength(1, 'Write the note first.'), z.maxLength(4000, 'Keep a note to 4,000 characters.')),
});

/** A date as `<input type="date">` sends it. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-01-31'));
/** A GET form's field: absent or empty means no filter. */
const optionalText = <T extends z.ZodMiniType>(schema: T) => z.optional(z.union([z.literal(''), schema]));

/**
 * The inbox's filters, read from its URL (D31: none is personal), so a view can be shared. An
 * empty field means no filter, as a GET form sends it. `after` is the keyset cursor.
 */
export const inboxQuerySchema = z.object({
  form: optionalText(z.enum(leadKinds)),
  status: optionalText(z.enum(leadStatuses)),
  /** `mine`, `nobody`, or a member's id. */
  assignee: optionalText(
    z.string().check(z.regex(/^(mine|nobody|[0-9a-f-]{36})$/, 'must be mine, nobody or a member')),
  ),
  language: optionalText(z.enum(languages)),
  /**
   * A source as the Marketing page names it, in any case: a `utm_source`, a referrer's host,
   * `direct`, `api` or `unknown`; and its medium and campaign, `(none)` for a link that named none.
   */
  source: optionalText(
    z.string().check(z.trim(), z.maxLength(200, 'must be a source of at most 200 characters, such as newsletter')),
  ),
  medium: optionalText(
    z.string().check(z.trim(), z.maxLength(200, 'must be a medium of at most 200 characters, such as email')),
  ),
  campaign: optionalText(
    z.string().check(z.trim(), z.maxLength(200, 'must be a campaign of at most 200 characters, such as tabaski')),
  ),
  from: optionalText(day),
  to: optionalText(day),
  after: optionalText(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a cursor from the previous page'))),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/**
 * The inbox's ready-made views (issue 54): open leads received since midnight in the member's zone,
 * open leads nobody has, the member's open leads, handled leads, and every lead.
 */
export const inboxViews = ['new-today', 'unassigned', 'mine', 'handled', 'all'] as const;
export type InboxView = (typeof inboxViews)[number];

/**
 * The inbox's URL: a view and the filters that narrow it (D31: none is personal). The lead page
 * takes the same query, so its way back and its next lead keep the view.
 */
export const inboxPageQuerySchema = z.object({ ...inboxQuerySchema.shape, view: optionalText(z.enum(inboxViews)) });
export type InboxPageQuery = z.infer<typeof inboxPageQuerySchema>;

/**
 * A lead's page: the inbox's view it was opened from, or `list=search` when it was opened from a
 * search (whose words stay out of the URL, D31); any other field (a notice's) is left for the page to read.
 */
export const leadPageQuerySchema = z.looseObject({
  ...inboxPageQuerySchema.shape,
  list: z.optional(z.literal('search')),
});

/** The filters with empty fields dropped. */
export type InboxFilters = {
  form?: LeadKind;
  status?: LeadStatus;
  assignee?: string;
  language?: Language;
  source?: string;
  medium?: string;
  campaign?: string;
  from?: string;
  to?: string;
};

export const inboxFilters = (query: InboxQuery): InboxFilters =>
  Object.fromEntries(
    Object.entries(query).filter(([name, value]) => name !== 'after' && value !== undefined && value !== ''),
  ) as InboxFilters;

/**
 * A search of the leads (issue 54): a name, a company, a phone number as it was said, part of
 * an address, a whole address or a domain after an @. Posted, never in a URL (D31); the server
 * reads what kind of search it is.
 */
export const leadSearchSchema = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Type a name, a company, a phone number or an address.'),
      z.maxLength(200, 'Keep a search to 200 characters.'),
    ),
  after: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{0,200}$/))),
});

/** The signed-in member, as every console page shows them. */
export type TeamViewer = { id: string; name: string; role: TeamRole; method: TeamSignIn; zone: string };

/** A lead as the inbox lists it; contact details already masked for a role that does not see them. */
export type InboxRow = {
  id: string;
  form: LeadKind;
  email: string;
  name: string;
  company: string;
  language: Language;
  status: LeadStatus;
  assignee: string | null;
  /** Where it came from, as the Marketing page names it (issue 40); null when not known. */
  source: string | null;
  /** ISO instant. */
  receivedAt: string;
  /** What they want in a line: their message's start, or what they chose; masked as the rest. */
  preview: string;
  /** The demo time they asked for (ISO instant), which the page shows in the member's zone. */
  demoAt?: string | undefined;
};

/** A field of a lead in words: the form's label, and its value, or a list of values (services). */
export type LeadFieldText = { label: string; value: string | string[] };

/** How to reach a lead in one tap; no link for a role that sees contacts masked (D41). */
export type LeadReach = {
  email: { text: string; href?: string | undefined };
  phone?: { text: string; href?: string | undefined; whatsapp?: string | undefined } | undefined;
};

/** One line of a lead's history, as a sentence's parts: who, what they did, when, and a note's text. */
export type LeadEvent = { at: string; who: string; did: string; note?: string | undefined };

export type TeamMemberRow = {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
  zone: string;
  /** On the Members page (admin): their passkeys, which an admin may remove, and how many live sessions they have. */
  passkeys?: { id: string; name: string }[];
  sessions?: number;
};

/** A part of an audit sentence: words, words that link to the record they name, or a time for the page to show in the member's zone. */
export type SentencePart = string | { text: string; href: string } | { time: string };

/** One change in the audit, as a sentence with names: "Chioma assigned Ada Obi's demo request to Wanjiru". */
export type AuditLine = {
  at: string;
  sentence: SentencePart[];
  /** How the change was signed, when not with a passkey: by a mailed link, or at the command line. */
  how?: string | undefined;
};

/** A draft of one of the site's entries (D45), as the Site section lists it. */
export type ContentDraftRow = {
  /** The entry's id: `home`, `products.campaign`. */
  entry: string;
  /** Who saved it last: who is editing it. */
  author: string;
  /** When the draft was first saved, and last (ISO instants). */
  startedAt: string;
  savedAt: string;
  /** The languages it holds a value for. */
  languages: DraftLanguage[];
};

/** A draft as its entry's page shows it: each language's value as the schema takes it, and who has it. */
export type ContentDraftView = {
  values: Partial<Record<DraftLanguage, unknown>>;
  revision: number;
  base: string;
  author: string;
  /** Whether the member looking is its author. */
  mine: boolean;
  startedAt: string;
  savedAt: string;
};

/** One entry of the site's content, in its form (D45). */
export type SiteEntryPage = {
  view: 'site-entry';
  /** The entry's id: `home`, `products.campaign`. */
  entry: string;
  draft?: ContentDraftView | undefined;
  /**
   * The form as it was posted, when it comes back: refused with each problem by its field, or
   * changed by a list's button, every value as typed; with the published version and revision it carries.
   */
  form?:
    | {
        values: Partial<Record<DraftLanguage, FormValue>>;
        problems: Record<string, string>;
        base: string;
        revision: number;
      }
    | undefined;
  /** Another editor's save that came first, shown beside the form's values: both kept, nothing lost. */
  conflict?: { author: string; savedAt: string; values: Partial<Record<DraftLanguage, unknown>> } | undefined;
  notice?: string | undefined;
};

/** An entry's history (D45): who published what and when, newest first, each change as a word diff. */
export type SiteHistoryPage = {
  view: 'site-history';
  entry: string;
  rows: HistoryRow[];
  /** How many changes the page shows at most: the newest. */
  limit: number;
  /** The entry's draft, if it has one: the revision "Restore this version" saves over, and whose it is. */
  draft?: { revision: number; author: string; mine: boolean } | undefined;
  notice?: string | undefined;
};

/**
 * "Undo the last publish", asked to confirm (D44): the publish it would take back and what
 * visitors would see again; or why there is nothing to undo now.
 */
export type SiteUndoPage = {
  view: 'site-undo';
  last?: { id: string; entries: string[]; by: string; at: string; back: 'version' | 'release' } | undefined;
  /** Why nothing can be undone now, in words. */
  problem?: string | undefined;
};

/** What each console page is handed to render, by its view: the route `apps/site/src/pages/on-demand/team/<view>.astro`. */
export type TeamPage =
  | {
      view: 'sign-in';
      notice?: string | undefined;
      problem?: string | undefined;
      email?: string | undefined;
    }
  | { view: 'link'; purpose: 'enrol' | 'sign-in'; token: string; name: string; problem?: string | undefined }
  | { view: 'link-invalid'; purpose: 'enrol' | 'sign-in' }
  | {
      view: 'leads';
      /** The filters as the form shows them: every field a string. */
      query: Record<string, string>;
      /** The view shown; absent on a search's answer. */
      inboxView?: InboxView | undefined;
      /** When the page was read (ISO instant), which a row's "how long ago" counts from. */
      now: string;
      /** Each view's count, at most 1,000 read ("999+" above). */
      counts?: Record<InboxView, number> | undefined;
      rows: InboxRow[];
      /** The next page's cursor, when there are more. */
      next?: string | undefined;
      /** A search's term and problem; present on a search's answer. */
      search?: { q: string; problem?: string | undefined } | undefined;
      members: TeamMemberRow[];
      notice?: string | undefined;
    }
  | {
      view: 'lead';
      lead: InboxRow & {
        fields: LeadFieldText[];
        reach: LeadReach;
        /** The demo time they asked for, and the zone they asked in. */
        asked?: { start: string; zone: string } | undefined;
        /** Where they came from (issue 40): campaign, source, medium, landing and form pages, those known. */
        origin: Array<[string, string]>;
      };
      /** The inbox's view the lead was opened from, as its query: the way back and the next lead keep it. */
      back: string;
      /** The search the lead was opened from, when it was: the way back posts it again. */
      search?: string | undefined;
      /** The next lead in that view, when there is one. */
      next?: string | undefined;
      events: LeadEvent[];
      /** Its demo booking, if it booked one (D32): when, in the prospect's zone, and whether it still stands. */
      booking?: { start: string; zone: string; status: 'booked' | 'cancelled' } | undefined;
      members: TeamMemberRow[];
      notice?: string | undefined;
      problem?: string | undefined;
      /** The note form refused, with its problem and the text kept. */
      noteForm?: FormProblems | undefined;
    }
  | {
      view: 'account';
      passkeys: Array<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>;
      sessions: Array<{ method: TeamSignIn; createdAt: string; lastSeenAt: string }>;
      /**
       * Alerts of leads on the member's devices (issue 54): the server's VAPID public key, which a
       * browser subscribes with (null when web push is off), and the devices they are on for, each
       * with its endpoint's tag (`endpointTag`), by which a device's page finds itself in the list.
       */
      alerts: {
        publicKey: string | null;
        devices: Array<{ id: string; device: string; createdAt: string; tag: string }>;
      };
      notice?: string | undefined;
      problem?: string | undefined;
      /** The passkey whose rename was refused, with its problem and the name typed. */
      rename?: ({ id: string } & FormProblems) | undefined;
    }
  | {
      view: 'members';
      members: TeamMemberRow[];
      notice?: string | undefined;
      problems?: Record<string, string> | undefined;
      values?: Record<string, string> | undefined;
      /** A passkey an admin asked to remove, shown to confirm before it goes. */
      confirmRemoval?: { memberId: string; memberName: string; passkeyId: string; passkeyName: string } | undefined;
      /** A member an admin asked to remove, shown to confirm before they go, and whether they host demos. */
      confirmMemberRemoval?:
        { memberId: string; memberName: string; email: string; role: TeamRole; demoHost: boolean } | undefined;
    }
  | { view: 'audit'; rows: AuditLine[]; next?: string | undefined }
  | SiteEntryPage
  | SiteHistoryPage
  | SiteUndoPage
  | {
      view: 'site';
      /** Every entry's draft; the site lists the entries themselves from its own content. */
      drafts: ContentDraftRow[];
      /** The newest publishes, with what became of each. */
      publishes: PublishRow[];
      /** The Publish form sent back refused: its problem, and the words as typed. */
      refused?: { problem: string; words: string } | undefined;
      notice?: string | undefined;
    }
  | {
      view: 'marketing';
      /** The range as the form shows it, and the order of one of its tables. */
      query: { from: string; to: string; sort?: string | undefined };
      /** The ranges offered in one tap, as of the server's today. */
      presets: Array<{ label: string; from: string; to: string }>;
      /** Absent when the range was not one the page can read. */
      report?: MarketingReport | undefined;
      problem?: string | undefined;
    }
  | QuarantinePage
  | DemosPage
  | {
      view: 'people';
      notice?: string | undefined;
      /** The erase form refused, with each problem by its field and what was typed. */
      form?: FormProblems | undefined;
      /** The address asked to be erased, shown to confirm before anything is erased. */
      confirmErasure?: { email: string } | undefined;
    }
  | { view: 'problem'; status: number; title: string; message: string };

export type TeamView = TeamPage['view'];

/** What the server hands a console page as Astro's `locals.team`. */
export type TeamLocals = {
  page: TeamPage;
  /** Absent on a page for nobody signed in. */
  viewer?: TeamViewer | undefined;
  /** The CSRF token every form on the page posts back. */
  csrf?: string | undefined;
  /** The site's entries as the version being served publishes them (D45), for the Site pages. */
  entries?: readonly PublishedEntry[] | undefined;
};

/**
 * Where the site renders a console view (D35): the page file named for the view, under a route of
 * the console's own, so its styles and scripts are its own (D40).
 */
export const teamViewPath = (view: TeamView) => `/on-demand/team/${view}`;

/** Bytes as WebAuthn's JSON writes them; an attestation with its certificates runs to a few kilobytes. */
const base64url = z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(16_000));
/** What a browser adds of the extensions SimpleWebAuthn knows; any other it reports is ignored. */
const extensionResults = z.object({
  appid: z.optional(z.boolean()),
  credProps: z.optional(z.object({ rk: z.optional(z.boolean()) })),
  hmacCreateSecret: z.optional(z.boolean()),
});
const transports = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
/** A passkey's whole answer, as @simplewebauthn/browser sends it; SimpleWebAuthn checks what it says. */
const passkeyAnswer = <Response extends z.ZodMiniType>(response: Response) =>
  z.object({
    id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,1400}$/)),
    rawId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,1400}$/)),
    type: z.literal('public-key'),
    response,
    authenticatorAttachment: z.optional(z.enum(['cross-platform', 'platform'])),
    clientExtensionResults: extensionResults,
  });

/** A passkey's signature at sign-in (a WebAuthn assertion). */
export const passkeyAssertionSchema = passkeyAnswer(
  z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{0,200}$/))),
  }),
);

/** A new passkey (a WebAuthn attestation), from the enrol link or the account page. */
export const passkeyRegistrationSchema = passkeyAnswer(
  z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: z.optional(base64url),
    // A transport newer than this list is left out rather than refusing the passkey: it is only a hint.
    transports: z.optional(
      z.pipe(
        z.array(z.string()),
        z.transform((named) => transports.filter((transport) => named.includes(transport))),
      ),
    ),
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(base64url),
  }),
);

/** A link's token, as its page posts it back. */
export const linkTokenSchema = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) });

/** The sign-in page's request for a mailed link. */
export const signInLinkSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase()),
    z.string().check(z.refine(isEmail, 'Enter your work address, such as ada@growmail.io.')),
  ),
});

/** A passkey's name, as its owner gives it. */
export const passkeyNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give the passkey a name, such as “Work laptop”.'),
    z.maxLength(60, 'Keep the name to 60 characters.'),
  );

/** A passkey's new name, as the account page's rename form posts it. */
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });

/** A passkey added from the account page: its name and the browser's answer. */
export const newPasskeySchema = z.object({ name: passkeyNameSchema, response: passkeyRegistrationSchema });

/** A passkey made with an enrolment link. */
export const enrolPasskeySchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
  response: passkeyRegistrationSchema,
});

/** A passkey's sign-in. */
export const passkeySignInSchema = z.object({ response: passkeyAssertionSchema });

/** What an IANA zone name looks like; Intl then says whether it is one. */
const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
};

/** A new member as an admin or `npm run team -- invite` names them (D41). */
export const invitationSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase()),
    z.string().check(z.refine(isEmail, 'Enter their work address, such as ada@growmail.io.')),
  ),
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Enter their name.'), z.maxLength(100, 'Keep the name to 100 characters.')),
  role: z.enum(teamRoles, 'Choose a role.'),
  zone: z.string().check(z.trim(), z.refine(isZone, 'Enter a time zone such as Africa/Lagos.')),
});

/** A post held by the spam screening, as the quarantine lists it: who sent it, and what they asked for. */
export type HeldRow = {
  id: string;
  form: LeadKind;
  email: string;
  name: string;
  company: string;
  language: Language;
  /** Why it was held, in words. */
  reasons: string[];
  sentAt: string;
  /** A demo request's time, and the zone they asked in. */
  asked?: { start: string; zone: string } | undefined;
  /** What they sent, in the form's words. */
  fields: LeadFieldText[];
};

/** A live demo booking on the agenda. */
export type AgendaRow = {
  id: string;
  start: string;
  name: string;
  email: string;
  /** The prospect's own zone. */
  zone: string;
  host: string;
  leadId: string | null;
  /** From its lead's form, masked as the role sees contacts; empty when the form had none. */
  company: string;
  phone: string;
};

/** Held posts a quarantine page lists, and so the most one post of its form can name. */
export const heldPageSize = 100;

const tickOne = 'Tick at least one post, then choose release or delete.';
const heldId = z.string().check(z.regex(/^[0-9a-f-]{36}$/, tickOne));

/** The quarantine's form: the posts ticked, and whether to release or delete them; a delete is confirmed first. */
export const heldSelectionSchema = z.object({
  action: z.enum(['release', 'delete'], 'Choose to release or to delete the ticked posts.'),
  confirm: z.optional(z.literal('yes')),
  ids: z.union(
    [
      heldId,
      z.array(heldId).check(z.minLength(1, tickOne), z.maxLength(heldPageSize, `Tick at most ${heldPageSize} posts.`)),
    ],
    tickOne,
  ),
});

const chooseTime = 'Choose a time, or to release it without one.';
/** Sales' choice for a held demo request whose slot is gone: another open time, or none. */
export const heldReleaseSchema = z.object({
  slot: z.union([z.literal('none', chooseTime), z.iso.datetime(chooseTime)], chooseTime),
});

export type QuarantinePage = {
  view: 'quarantine';
  rows: HeldRow[];
  /** The cursor of the page of older posts, when there are more. */
  next?: string | undefined;
  notice?: string | undefined;
  /** The selection refused, with its problems by field and the posts that were ticked, ticked again. */
  selection?: (FormProblems & { ticked: string[] }) | undefined;
  /**
   * A held demo request whose slot is gone: the open slots sales may book it into instead, and
   * when a choice was refused, its problem and the slot chosen.
   */
  pick?: { id: string; name: string; asked: string; slots: string[]; form?: FormProblems | undefined } | undefined;
  /** The ticked posts a delete would remove, shown to confirm first. */
  confirmDelete?: Array<{ id: string; name: string; form: LeadKind }> | undefined;
  /** The leads a release just made, linked from its notice; their ids are all its URL carries (D31). */
  released?: Array<{ id: string; name: string; form: LeadKind }> | undefined;
};

export type DemosPage = {
  view: 'demos';
  /** When the page was made (ISO): what its Today and Tomorrow are read from. */
  now: string;
  bookings: AgendaRow[];
  /**
   * The booking being moved (`?move=<id>`), with the open slots it may move to, the notice waived
   * (ISO instants); `hostChoice` when its host is busy at the time chosen and others are free.
   */
  moving?:
    | {
        id: string;
        name: string;
        start: string;
        host: string;
        slots: string[];
        hostChoice?: { slot: string; free: Array<{ id: string; name: string }> } | undefined;
      }
    | undefined;
  /** The booking whose cancellation waits for a confirmation, with who will be mailed. */
  cancelling?:
    | { id: string; name: string; email: string; start: string; zone: string; language: Language; host: string }
    | undefined;
  /** The time off (one of `blocks`, by id) whose removal waits for a confirmation (D44). */
  removingOff?: string | undefined;
  /** A host whose removal waits for a confirmation (D44), and whether /demo would be left with no host. */
  removingHost?: { id: string; name: string; email: string | null; last: boolean } | undefined;
  /** The week's hours: each weekday's ranges (`HH:MM`), Monday first, in `zone`, and the zone in words. */
  hours: { zone: string; zoneName: string; days: Array<Array<{ from: string; to: string }>> };
  /**
   * The hours being changed (`?edit=hours`, a post that added or removed a range, or one that was
   * refused): each weekday's ranges as typed, the zone, the problems by field (`zone`, `mon`…),
   * the field to focus, and every zone to pick from, with its words.
   */
  editingHours?:
    | {
        zone: string;
        days: TypedWeek;
        problems: Record<string, string>;
        focus?: string | undefined;
        zones: Array<{ zone: string; label: string }>;
      }
    | undefined;
  /** The hosts, each with whether they are a member of the team (the sales inbox is none). */
  hosts: Array<{ id: string; name: string; email: string | null; member: boolean }>;
  /** Who may be added as a host: the members who are not hosts, and the sales inbox when it is not one. */
  hostChoices: Array<{ id: string; name: string }>;
  /**
   * Time off to come: whole days as their first and last dates (`YYYY-MM-DD`, in the hours' zone),
   * and the live demos already booked in it.
   */
  blocks: Array<{
    id: string;
    from: string;
    to: string;
    days?: { first: string; last: string } | undefined;
    host: string;
    reason: string;
    demos: Array<{ id: string; name: string; start: string }>;
  }>;
  /** A form refused, shown again with its problems and what was typed. */
  form?: ({ name: DemosForm } & FormProblems) | undefined;
  notice?: string | undefined;
  problem?: string | undefined;
};

/** The Demos page's address: the notice after a change (a key), and the booking being moved. */
export const demosPageQuery = z.object({
  done: z.optional(z.string()),
  move: z.optional(recordId),
  /** The booking whose cancellation to confirm. */
  cancel: z.optional(recordId),
  /** The weekly hours shown as a form to change. */
  edit: z.optional(z.literal('hours')),
  /** The time off just saved, whose notice says what /demo still offers in it. */
  block: z.optional(recordId),
});

/** Sales moving a booking: the open slot chosen, as an ISO instant, and another host when its own is busy then. */
export const bookingMoveSchema = z.object({
  slot: z.iso.datetime(),
  host: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/))),
});

/** Sales cancelling a booking: the first post asks, the one with `confirm=yes` cancels, with the team's reason if any. */
export const bookingCancelSchema = z.object({
  confirm: z.optional(z.literal('yes')),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(1000, 'Keep the message to 1,000 characters.'))),
});

const pickHost = 'Choose one of the team’s members, or the sales inbox.';
/** Sales adding a demo host: a member of the team (their id), or `inbox` for the sales inbox (D32). */
export const hostPickSchema = z.object({
  member: z.union([z.literal('inbox'), z.string().check(z.regex(/^[0-9a-f-]{36}$/, pickHost))], pickHost),
});
export type HostPick = z.infer<typeof hostPickSchema>;

/** The Demos page's forms of availability. */
export type DemosForm = 'dayOff' | 'host';

/** A console form shown again after a refusal: each problem by its field, and what was typed in each. */
export type FormProblems = { problems: Record<string, string>; values: Record<string, string> };

/** An admin's erasure of a person's data (D29, D41): the address, and the word that confirms it. */
export const erasureSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase()),
    z.string().check(z.refine(isEmail, 'Enter the address whose data to erase.')),
  ),
  confirm: z.literal('erase', 'Type erase to confirm: this cannot be undone.'),
  /** Sent by the confirmation page only: the first post shows what will be erased. */
  confirmed: z.optional(z.literal('yes')),
});
