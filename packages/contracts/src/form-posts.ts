/**
 * The facts a form's native post shares between the page that renders the form and the server
 * that answers it (D30): where it posts, the hidden fields it carries, and the state the server
 * writes into the page it sends back when a submission has errors.
 */

import { newsletterConfirmPath, preferencesPath } from './routes.ts';

/**
 * The forms that post natively, each to its own page's path. The calculator is also on
 * `/calculator/calculate`, which posts to itself; the home page's contact form posts to `/contact`.
 */
export const formActions = {
  enquiry: '/contact',
  demo: '/demo',
  startup: '/startup',
  savings: '/calculator',
  /** The footer's box, which sends its page's path along so that page comes back with a problem. */
  newsletter: '/newsletter',
  confirm: newsletterConfirmPath,
  preferences: preferencesPath,
} as const;
export type PostedForm = keyof typeof formActions;

/** The hidden field naming the form, so a submission posted to another form's action is refused. */
export const formNameField = 'form_name';

/** Where a successful native post lands (303 See Other): `?form=…&reference=…`, never a field. */
export const outcomePath = '/sent';

/** A submission's reference as the outcome page shows it: the id the service gave it. */
export const referencePattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The hidden form stamp's value in the built page. The server puts a freshly signed stamp in
 * its place on every answer, so a page without JavaScript proves when it was loaded (D30).
 */
export const formStampStandIn = 'gm-form-stamp-stand-in';

/**
 * The state a form's page is rendered with on demand after a native post (D35): the values
 * typed, the message of each field in error, and one for the whole form (a 429 or a 503). The
 * form's island takes it as props, so hydration finds the page as it was rendered.
 */
export type FormPageState = {
  /** Each field's text as sent: a box's value when ticked, a radio's or an option's when chosen. */
  values: Record<string, string>;
  errors: Record<string, string>;
  alert?: string;
};

/** The error summary's heading (the GOV.UK pattern). */
export const errorSummaryTitle = 'There is a problem';

/**
 * The pages the server has Astro render on demand (D35), each by a name under one internal
 * path that only the server calls: a form's page with its problems, the outcome page, and the
 * pages a personal link opens. The public URL stays the form's own; the server picks the view.
 */
export const onDemandViews = [
  'contact',
  'startup',
  'calculator',
  'calculate',
  'newsletter',
  'confirm',
  'preferences',
  'sent',
  'demo',
  'booking',
] as const;
export type OnDemandView = (typeof onDemandViews)[number];

/** Where the site's on-demand route renders a view (apps/site/src/pages/on-demand/[view].astro). */
export const onDemandPath = (view: OnDemandView) => `/on-demand/${view}`;

/** What the server hands the on-demand route, as Astro's `locals`. */
export type OnDemandLocals = {
  /** A form's state after a native post: what was typed, the problems, a whole-form alert. */
  form?: FormPageState;
  /** The lead form's stamp, signed now (D30); absent while the secret cannot be read. */
  stamp?: string;
  /** The outcome page's message and the submission's reference. */
  outcome?: { message: string; reference: string | null };
  /** The demo picker's open times (D32), on the demo page and a booking's page. */
  picker?: SlotPicker;
  /** A booking's page (D32): what the booking is, and its link's token while it can still change. */
  booking?: { status: string; token?: string | undefined };
};

/**
 * What the demo picker shows (D32): the open slots in the zone the times are read in, or null
 * when they cannot be read (the database is away). A slot someone took while the visitor was
 * choosing it is shown marked `taken`, and cannot be chosen.
 */
export type SlotPicker = {
  /** An IANA zone. */
  zone: string;
  /** The visitor chose the zone (the page came back from a post): the browser keeps it, not its own. */
  chosen: boolean;
  /** Starts as ISO instants, earliest first. */
  slots: readonly { start: string; taken?: boolean }[] | null;
};
