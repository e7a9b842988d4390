import * as z from 'zod/mini';

/**
 * The console's Marketing page (issue 40): where visits and leads came from, for a range of UTC
 * days. Its query, the figures the server reads, and the tables they make: the page shows each
 * table beside its chart, and each table is a CSV too, so the two never differ.
 */

/** The longest range the page reads, so one request cannot ask for years of rows. */
export const longestRangeDays = 400;
/** The range the page shows when its URL names none. */
export const defaultRangeDays = 30;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A real day: 2026-02-30 matches the pattern, and is not one. */
const isDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return dayPattern.test(value) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};
const day = z.string().check(z.refine(isDay, 'must be a date such as 2026-01-31'));
const dayMs = 86_400_000;

/** The page's GET form: two days, both optional (the last 30 days by default). */
export const marketingQuerySchema = z
  .object({ from: z.optional(z.union([z.literal(''), day])), to: z.optional(z.union([z.literal(''), day])) })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, 'The first day must come before the last.'),
    z.refine(
      (query) => !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) < longestRangeDays * dayMs,
      `Choose at most ${longestRangeDays} days.`,
    ),
  );

export type MarketingQuery = z.infer<typeof marketingQuerySchema>;

/**
 * The range a query names, days included: a first day alone shows the 30 days from it, a last day
 * alone the 30 days to it, and neither the 30 days to `today`.
 */
export function marketingRange(query: MarketingQuery, today: string) {
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
  const to = query.to || (query.from ? shift(query.from, defaultRangeDays - 1) : today);
  const from = query.from || shift(to, 1 - defaultRangeDays);
  return { from, to };
}

/** Rows a grouped table shows at most, those with the most visitors first: anyone can make up a campaign. */
export const mostRows = 200;

/** The tables of the page, each one a CSV at `/team/marketing/csv/<table>`. */
export const marketingTables = ['daily', 'sources', 'entries', 'languages', 'funnel', 'forms'] as const;

/** A table's CSV in its path. */
export const marketingTableParams = z.object({ table: z.enum(marketingTables) });
export type MarketingTable = (typeof marketingTables)[number];

/** The pages that carry a lead form, English and French: home carries the enquiry form. */
export const leadFormPages = [
  '/',
  '/contact',
  '/demo',
  '/startup',
  '/calculator',
  '/fr',
  '/fr/contact',
  '/fr/demo',
  '/fr/startup',
  '/fr/calculator',
] as const;

/** The demo page, whose views are the funnel's second step. */
export const demoPages = ['/demo', '/fr/demo'] as const;

/** What the server reads for a range. A visitor is a visit (D42): one seen on two days counts as two. */
export type MarketingReport = {
  from: string;
  to: string;
  daily: Array<{ day: string; visitors: number; views: number; leads: number; demos: number }>;
  sources: Array<{ source: string; medium: string; campaign: string; visitors: number; leads: number; demos: number }>;
  entries: Array<{ page: string; visitors: number; leads: number }>;
  languages: Array<{ language: string; visitors: number; leads: number }>;
  funnel: { visitors: number; viewedDemo: number; requested: number; booked: number };
  forms: Array<{ page: string; views: number; leads: number }>;
};

/** Leads per 100 visitors, to one decimal; a dash where there were no visitors. */
export const conversionRate = (leads: number, visitors: number) =>
  visitors === 0 ? '–' : `${((leads / visitors) * 100).toFixed(1)}%`;

export type TableOf = { title: string; columns: string[]; rows: Array<Array<string | number>> };

/** Each table of the report, as the page shows it and its CSV holds it. */
export function tableOf(report: MarketingReport, table: MarketingTable): TableOf {
  switch (table) {
    case 'daily':
      return {
        title: 'Per day',
        columns: ['Day', 'Visitors', 'Page views', 'Leads', 'Demos booked'],
        rows: report.daily.map((row) => [row.day, row.visitors, row.views, row.leads, row.demos]),
      };
    case 'sources':
      return {
        title: 'By source, medium and campaign',
        columns: ['Source', 'Medium', 'Campaign', 'Visitors', 'Leads', 'Conversion', 'Demos booked'],
        rows: report.sources.map((row) => [
          row.source,
          row.medium,
          row.campaign,
          row.visitors,
          row.leads,
          conversionRate(row.leads, row.visitors),
          row.demos,
        ]),
      };
    case 'entries':
      return {
        title: 'By entry page',
        columns: ['Entry page', 'Visitors', 'Leads', 'Conversion'],
        rows: report.entries.map((row) => [row.page, row.visitors, row.leads, conversionRate(row.leads, row.visitors)]),
      };
    case 'languages':
      return {
        title: 'By language',
        columns: ['Language', 'Visitors', 'Leads', 'Conversion'],
        rows: report.languages.map((row) => [
          row.language === 'fr' ? 'French' : 'English',
          row.visitors,
          row.leads,
          conversionRate(row.leads, row.visitors),
        ]),
      };
    case 'funnel':
      return {
        title: 'Demo funnel',
        columns: ['Step', 'Visitors'],
        rows: [
          ['Visited the site', report.funnel.visitors],
          ['Viewed the demo page', report.funnel.viewedDemo],
          ['Sent a demo request', report.funnel.requested],
          ['Booked a slot', report.funnel.booked],
        ],
      };
    case 'forms':
      return {
        title: 'Per form page',
        columns: ['Page', 'Views', 'Leads', 'Leads per view'],
        rows: report.forms.map((row) => [row.page, row.views, row.leads, conversionRate(row.leads, row.views)]),
      };
  }
}
