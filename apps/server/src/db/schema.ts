import type { ColumnType, Generated } from 'kysely';
import type { Language } from '@growmail/contracts/language';

/** The tables as Kysely sees them. Timestamps are ISO text on both databases. */
export interface Database {
  leads: LeadsTable;
  contacts: ContactsTable;
  lists: ListsTable;
  list_memberships: ListMembershipsTable;
  outbox: OutboxTable;
  webhook_events: WebhookEventsTable;
  quarantine: QuarantineTable;
  submissions: SubmissionsTable;
  idempotency_keys: IdempotencyKeysTable;
  settings: SettingsTable;
  suppressions: SuppressionsTable;
  demo_hosts: DemoHostsTable;
  demo_hours: DemoHoursTable;
  demo_blocks: DemoBlocksTable;
  demo_bookings: DemoBookingsTable;
  demo_booking_requests: DemoBookingRequestsTable;
  demo_availability_version: DemoAvailabilityVersionTable;

  push_subscriptions: PushSubscriptionsTable;
  push_actions: PushActionsTable;
  team_push_subscriptions: TeamPushSubscriptionsTable;

  team_members: TeamMembersTable;
  team_passkeys: TeamPasskeysTable;
  team_links: TeamLinksTable;
  team_sessions: TeamSessionsTable;
  team_challenges: TeamChallengesTable;
  team_audit: TeamAuditTable;
  lead_notes: LeadNotesTable;
  visit_salts: VisitSaltsTable;
  visits: VisitsTable;
  visit_views: VisitViewsTable;
  visit_totals: VisitTotalsTable;
  page_view_totals: PageViewTotalsTable;
  lead_totals: LeadTotalsTable;
  content_drafts: ContentDraftsTable;
  content_publishes: ContentPublishesTable;
  content_files: ContentFilesTable;
  content_versions: ContentVersionsTable;
  content_current: ContentCurrentTable;
  content_images: ContentImagesTable;
}

export interface LeadsTable {
  id: string;
  type: string;
  email: string;
  /** JSON text. */
  metadata: string;
  /** The language it was sent in (D37): `en` or `fr`; mails to the person are written in it. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** Where it came from (D42), JSON text: a `LeadSource`; null on leads from before. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  /** Parts of `source` the Marketing page groups by, as columns (0021): see `sourceColumns`. */
  source_name: ColumnType<string | null, string | null | undefined, string | null>;
  source_medium: ColumnType<string | null, string | null | undefined, string | null>;
  source_campaign: ColumnType<string | null, string | null | undefined, string | null>;
  entry_path: ColumnType<string | null, string | null | undefined, string | null>;
  form_page: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<string, string | undefined, never> & Generated<string>;
  /** What the team made of it in the console: `new` or `handled`. */
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>;
  /** The team member working it, or null. */
  assignee_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address's domain, lower-cased, for a search by domain. */
  email_domain: ColumnType<string | null, string | null | undefined, string | null>;
  /** The member who released it from the quarantine, or null when it was never held. */
  released_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its name and company as a masked role sees them, for a search by words (0026, `submissions/lead-search.ts`). */
  search_names: ColumnType<string, string | undefined, string>;
  /** Its phone number, E.164 or its digits, for a search by number; null when it gave none. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
}

export type LeadStatus = 'new' | 'handled';

export interface ContactsTable {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  phone_number: string | null;
  /** JSON text: extra fields such as gender, date_of_birth, address, extra_data. */
  attributes: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<string, string | undefined, never> & Generated<string>;
  updated_at: ColumnType<string, string | undefined, string>;
}

export interface ListsTable {
  id: string;
  name: string;
  created_at: ColumnType<string, string | undefined, never> & Generated<string>;
}

export interface ListMembershipsTable {
  list_id: string;
  contact_id: string;
  /** JSON text: an array of tags such as "subscriber". */
  tags: ColumnType<string, string | undefined, string>;
  subscribed_at: ColumnType<string, string | undefined, string>;
  unsubscribed_at: string | null;
  /** The language of the page they subscribed from (D37): later mails and the preferences page use it. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** Double opt-in (D23): pending until the emailed link is opened. */
  status: ColumnType<MembershipStatus, MembershipStatus | undefined, MembershipStatus>;
  /** The consent record: when it was asked for, from which page, with which wording, and when confirmed. */
  consent_requested_at: ColumnType<string | null, string | null | undefined, string | null>;
  consent_page: ColumnType<string | null, string | null | undefined, string | null>;
  consent_wording: ColumnType<string | null, string | null | undefined, string | null>;
  confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last confirmation email queued: at most one a day per address. */
  confirmation_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MembershipStatus = 'pending' | 'subscribed' | 'unsubscribed';

export interface WebhookEventsTable {
  /** The Standard Webhooks message id (msg_…), the same on every attempt and replay. */
  id: string;
  /** lead.created, newsletter.confirmed, newsletter.unsubscribed, demo.booked, demo.rescheduled or demo.cancelled. */
  type: string;
  /** JSON text: the body POSTed, {id, type, timestamp, data}. */
  payload: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  /** Set while a server delivers the event, so two never deliver it at once. */
  locked_until: string | null;
  delivered_at: string | null;
  /** Set when the attempts ran out; the event is kept for replay. */
  failed_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** A lead form's submission held as probable spam, with why; never mailed, never sent on. */
export interface QuarantineTable {
  id: string;
  /** The lead kind it would have been: demo, startup, savings or enquiry. */
  form: string;
  email: string;
  /** JSON text: the validated fields, as a lead's metadata would hold them. */
  fields: string;
  /** JSON text: an array of reason codes (see submissions/screening.ts). */
  reasons: string;
  /** The language it was sent in (D37): `en` or `fr`; mails to the person are written in it. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** Where it came from (D42), JSON text: a `LeadSource`, which its lead keeps once released. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export interface OutboxTable {
  id: string;
  /** What the message is about, such as lead:demo. */
  topic: string;
  /** JSON text: a mail's {to, subject, text, replyTo}, or a member's alert (`QueuedAlert`). */
  message: string;
  /** How it leaves: `mail` by SMTP, or `alert` by web push to one member's device (0027). */
  channel: ColumnType<OutboxChannel, OutboxChannel | undefined, OutboxChannel>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  /** Set while a sender holds the row, so two servers never send it twice at once. */
  locked_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export type OutboxChannel = 'mail' | 'alert';

export interface SubmissionsTable {
  /** sha256 of the endpoint and the normalised submission. */
  fingerprint: string;
  /** JSON text: the answer given the first time. */
  answer: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  /** The key the visitor's device made for one submission (D39). */
  key: string;
  /** sha256 of the endpoint and the normalised submission: the same key with other content is refused. */
  fingerprint: string;
  /** JSON text: the answer given the first time. */
  answer: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** An erased person's address as a salted hash only (D29): never added again but by their own opt-in. */
export interface SuppressionsTable {
  /** HMAC-SHA256 (hex) of the normalised address, keyed with the salt in `settings`. */
  hash: string;
  created_at: string;
}

/** A browser's push subscription, owned by a contact. */
export interface PushSubscriptionsTable {
  id: string;
  contact_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiration_time: string | null;
  created_at: ColumnType<string, string | undefined, never> & Generated<string>;
  updated_at: ColumnType<string, string | undefined, string>;
}

/** An action the service worker reported, such as a notification click (its tracking id). */
export interface PushActionsTable {
  id: string;
  action: string;
  user_agent: string | null;
  created_at: ColumnType<string, string | undefined, never> & Generated<string>;
}

/** A device a member turned alerts on for (issue 54): its browser's push subscription. */
export interface TeamPushSubscriptionsTable {
  id: string;
  member_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The browser and system it was turned on in, as its user agent names them ("Chrome on Android"). */
  device: string;
  created_at: string;
}

/** A person who takes demos (D32); no address means the configured sales inbox. */
export interface DemoHostsTable {
  id: string;
  name: string;
  email: string | null;
  created_at: string;
  /** Set when sales removes the host; its bookings keep naming it. */
  removed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The member this host is (at most one host each); null for the sales inbox, or once the member is removed. */
  member_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The team's working hours on one ISO weekday (1 Monday … 7 Sunday), as wall times in `zone`. */
/** One row (id 1): the version every change to the demo availability counts up. */
export interface DemoAvailabilityVersionTable {
  id: number;
  version: number;
}

export interface DemoHoursTable {
  weekday: number;
  /** HH:MM, local to `zone`. */
  starts: string;
  /** HH:MM, local to `zone`; after `starts`. */
  ends: string;
  /** An IANA zone name, the same on every row. */
  zone: string;
}

/** Time off: one host's, or everyone's when `host_id` is null. */
export interface DemoBlocksTable {
  id: string;
  host_id: string | null;
  starts_at: string;
  ends_at: string;
  reason: string | null;
  created_at: string;
}

export type DemoBookingStatus = 'booked' | 'cancelled';

/** A booked 30-minute demo; unique per host and start while `booked`. */
export interface DemoBookingsTable {
  id: string;
  host_id: string;
  starts_at: string;
  ends_at: string;
  status: ColumnType<DemoBookingStatus, DemoBookingStatus | undefined, DemoBookingStatus>;
  lead_id: string | null;
  email: string;
  name: string;
  /** The prospect's IANA zone, for the times in their mail. */
  zone: string;
  /** The language it was sent in (D37): `en` or `fr`; mails to the person are written in it. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** The iCalendar SEQUENCE: one more on every change, so calendars take the latest. */
  sequence: ColumnType<number, number | undefined, number>;
  /** Set when the reminder mail is queued, by the one server whose update set it. */
  reminder_queued_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A request that asked for a demo slot, kept a day for the daily cap per client address. */
export interface DemoBookingRequestsTable {
  id: string;
  /** An HMAC of the client address, keyed with the tracking secret: the address is not kept. */
  client: string;
  created_at: string;
}

export type TeamRole = 'viewer' | 'sales' | 'editor' | 'admin';
/** How a session was opened: a passkey, or a mailed one-time link (which may do less, D41). */
export type TeamSignIn = 'passkey' | 'link';

/** A member of the team console (D41). */
export interface TeamMembersTable {
  id: string;
  /** Lower-cased; where their sign-in and invitation links are mailed. */
  email: string;
  name: string;
  /** An IANA zone: the console shows times in it. */
  zone: string;
  role: TeamRole;
  created_at: string;
}

/** A WebAuthn credential of a member; `id` is the credential id (base64url). */
export interface TeamPasskeysTable {
  id: string;
  member_id: string;
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: ColumnType<number, number | undefined, number>;
  /** JSON text: the authenticator's transports. */
  transports: ColumnType<string, string | undefined, string>;
  created_at: string;
  last_used_at: string | null;
}

/** A single-use link: `enrol` (24 hours) or `sign-in` (15 minutes); kept by the hash of its token. */
export interface TeamLinksTable {
  hash: string;
  member_id: string;
  purpose: 'enrol' | 'sign-in';
  expires_at: string;
  created_at: string;
}

/** A signed-in browser; kept by the hash of its cookie. */
export interface TeamSessionsTable {
  hash: string;
  member_id: string;
  method: TeamSignIn;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A WebAuthn challenge handed out and not yet answered; used once. */
export interface TeamChallengesTable {
  challenge: string;
  purpose: 'register' | 'authenticate';
  /** The member registering; null for a sign-in, whose member the passkey names. */
  member_id: string | null;
  expires_at: string;
}

/** One change made in the console or by a command (D41): who, how signed in, what, on which record. */
export interface TeamAuditTable {
  id: string;
  at: string;
  /** Null for a command run at a terminal, or once the member is removed. */
  member_id: string | null;
  member_name: string;
  /** `passkey`, `link`, or `command`. */
  method: string;
  action: string;
  record_type: string;
  record_id: string;
  /** JSON text: what changed, never a person's address. */
  detail: ColumnType<string, string | undefined, string>;
}

/** A note a member added to a lead. */
export interface LeadNotesTable {
  id: string;
  lead_id: string;
  member_id: string | null;
  member_name: string;
  text: string;
  created_at: string;
}

/** One random salt per UTC day (D42), deleted after 48 hours with that day's visitor hashes. */
export interface VisitSaltsTable {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  salt: string;
}

/** A visit (D42): 30 idle minutes or the day's end close it. No address, user agent or token. */
export interface VisitsTable {
  id: string;
  day: string;
  /** The hash of the day's salt, the site, the address and the user agent; null once the salt is gone. */
  visitor: string | null;
  entry_path: string;
  language: Language;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  /** The kind of ad click id the entry page carried (`gclid`...), never its value. */
  click_id: string | null;
  referrer_host: string | null;
  device: string;
  views: number;
  first_at: string;
  last_at: string;
  /** 1 once the visit viewed a demo page, so the day's totals count it in the funnel once (0022). */
  viewed_demo: ColumnType<number, number | undefined, number>;
}

/** A page a visit viewed, at the route as served. */
export interface VisitViewsTable {
  visit_id: string;
  path: string;
  viewed_at: string;
}

/**
 * The visits of one UTC day with the same entry page, language, source, medium, campaign and
 * device, added up as the counter writes them (0022): what the Marketing page reads.
 */
export interface VisitTotalsTable {
  day: string;
  entry_path: string;
  language: Language;
  /** `utm_source`, else the referrer's host, else `direct` (`visitSourceName`). */
  source: string;
  /** `utm_medium`, or '' for none. */
  medium: string;
  /** `utm_campaign`, or '' for none. */
  campaign: string;
  device: string;
  visitors: number;
  views: number;
  /** The visits that viewed a demo page. */
  demo_visitors: number;
}

/** The views of one page on one UTC day (0022). */
export interface PageViewTotalsTable {
  day: string;
  path: string;
  views: number;
}

/**
 * The leads of one UTC day with the same kind, source and pages, added up by every write of a
 * lead or a booking (0024): what the Marketing page reads. A booking counts while it is live
 * and its lead is kept.
 */
export interface LeadTotalsTable {
  day: string;
  /** The lead's kind (`demo`, `enquiry`…). */
  type: string;
  language: Language;
  /** The lead's `source_name`, or `unknown` for none. */
  source: string;
  /** `source_medium`, or '' for none. */
  medium: string;
  /** `source_campaign`, or '' for none. */
  campaign: string;
  /** The visit's entry page, or '' for none. */
  entry_path: string;
  /** The page the form was on, or '' for none. */
  form_page: string;
  /** Leads received that day. */
  leads: number;
  /** Live bookings of the leads received that day. */
  booked: number;
  /** Live bookings made that day, placed by their lead's kind, source and pages. */
  demos: number;
}

/** A draft of one of the site's entries (D45): its values until they are published. */
export interface ContentDraftsTable {
  /** The entry's id: `home`, `products.campaign` (contracts' content/entries.ts). */
  entry: string;
  /** JSON text: each language's value (`en`, `fr`), or `all` for a list both languages show. */
  values: string;
  /** The published version the draft started from. */
  base: string;
  /** How many times it was saved: a save names the one it started from. */
  revision: number;
  /** The member who saved it last, and their name, kept if they leave. */
  author_id: string | null;
  author_name: string;
  started_at: string;
  saved_at: string;
}

export interface ContentPublishesTable {
  id: string;
  /** `publish`; `preview`, a build members see and visitors never do; or `undo` (0033). */
  purpose: string;
  /** `queued`, `building`, `refused` or `passed` (contracts' content/publish.ts). */
  state: string;
  /** JSON text: each entry's draft as it was when Publish was pressed, `{ values, revision }` by entry. */
  drafts: string;
  /** JSON text: the words the editor added to the spelling list. */
  words: string;
  requested_by_id: string | null;
  requested_by_name: string;
  requested_at: string;
  started_at: ColumnType<string | null, string | null | undefined, string | null>;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON text: what refused it, each by its entry and field where it can be placed. */
  problems: ColumnType<string | null, string | null | undefined, string | null>;
  /** The content branch's commit of a publish that passed. */
  commit: ColumnType<string | null, string | null | undefined, string | null>;
  /** The version it made, which servers serve once it is current (content_versions). */
  version_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why its commit could not be pushed to the Git remote (0036); null when pushed, or when there is no remote. */
  push_problem: ColumnType<string | null, string | null | undefined, string | null>;
  /** An undo's: the publish it undid (0033). */
  undoes: ColumnType<string | null, string | null | undefined, string | null>;
  /** The entries it holds drafts of, as `,home,faqs,` (0033): what an entry's history matches on. */
  entries: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ContentFilesTable {
  /** The body's SHA-256, hex: a file held by many versions is stored once. */
  sha256: string;
  body: Uint8Array;
}

export interface ContentVersionsTable {
  id: string;
  /** The publish that made it. */
  publish_id: string;
  /** The content branch's commit it was built from. */
  commit: string;
  /** The release whose code built it (site/release.ts): servers of another release do not serve it. */
  release: string;
  /** JSON text: each file's path in the build, and its body's SHA-256. */
  files: string;
  /** The version current before it became current. */
  previous_id: string | null;
  created_at: string;
}

export interface ContentCurrentTable {
  /** Always 1: one row. */
  id: number;
  version_id: string;
  changed_at: string;
}

export interface ContentImagesTable {
  /** The SHA-256 of the uploaded bytes, hex: what a draft names the image by (`sha256:<hash>`). */
  sha256: string;
  /** image/jpeg, image/png or image/webp, as its bytes showed. */
  media_type: string;
  /** Its size in pixels, upright (an EXIF rotation applied). */
  width: number;
  height: number;
  body: Uint8Array;
  /** A WebP at most 320 pixels wide: what the console shows members. */
  preview: Uint8Array;
  uploaded_at: string;
}
