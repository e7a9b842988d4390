import type { SavingsFigures } from './calculator.ts';
import type { PublishedEntry } from './content/entries.ts';
import type { FormPageState } from './form-posts.ts';
import type { Language } from './language.ts';
import type { TeamLocals } from './team.ts';

/**
 * The pages the server has Astro render on demand (D35), each by a name under one internal
 * path that only the server calls: a form's page with its problems, the outcome page, the demo
 * page with its open times, a docs page with a Try it exchange, and the pages a personal link
 * opens. The public URL stays the page's own; the server picks the view.
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
  'docs',
] as const;
export type OnDemandView = (typeof onDemandViews)[number];

/** Where the site's on-demand route renders a view (apps/site/src/pages/on-demand/[view].astro). */
export const onDemandPath = (view: OnDemandView) => `/on-demand/${view}`;

/** What the server hands the on-demand route, as Astro's `locals`. */
export type OnDemandLocals = {
  /** The language of the page the answer is for (D37); English when absent. */
  language?: Language;
  /** A form's state after a native post: what was typed, the problems, a whole-form alert. */
  form?: FormPageState;
  /** The lead form's stamp, signed now (D30); absent while the secret cannot be read. */
  stamp?: string;
  /** The outcome page's message and the submission's reference. */
  outcome?: Outcome;
  /** The demo picker's open times (D32), on the demo page and a booking's page. */
  picker?: SlotPicker;
  /** A booking's page (D32): what the booking is, and its link's token while it can still change. */
  booking?: { status: string; token?: string | undefined };
  /** A docs page, by its path, and the Try it exchange it answers with (D33). */
  docs?: { path: string; tryIt: TryItExchange };
  /** A team console page (D40): what it shows, who is signed in, and the CSRF token of its forms. */
  team?: TeamLocals;
  /**
   * The entries as the version being served publishes them (D45): the words and lists marketing
   * edits, read by a public page rendered on demand in place of those the renderer was built with
   * (the site's `contentFrom`). Absent while a page is built.
   */
  content?: readonly PublishedEntry[] | undefined;
};

/** What the outcome page of a stored post shows: its message, its reference, and the calculator's figures beside its result. */
export type Outcome = { message: string; reference: string | null; savings?: SavingsFigures | undefined };

/**
 * One exchange with the sandbox, as a reference page's Try it section shows it (D33): the body
 * typed, kept in the form, and each part of the exchange; an empty part is not shown.
 */
export type TryItExchange = {
  /** The operation sent; none when the post named no operation of the API. */
  operationId?: string | undefined;
  typed: string;
  request: string;
  status: string;
  headers: string;
  body: string;
  curl: string;
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
