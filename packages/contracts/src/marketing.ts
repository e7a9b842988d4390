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

/** The tables of the page, each one a CSV at `/team/marketing/csv/<table>`. */
export const marketingTables = ['daily', 'sources', 'entries', 'languages', 'funnel', 'forms'] as const;
export type MarketingTable = (typeof marketingTables)[number];

/** A table's order, as its column heads link to it: `sources.leads.desc`. */
const sortPattern = new RegExp(`^(${marketingTables.join('|')})\\.[a-z]+\\.(asc|desc)$`);

/**
 * The page's GET form: two days, both optional (the last 30 days by default), and the order of
 * one of its tables. Nothing in it is personal (D31).
 */
export const marketingQuerySchema = z
  .object({
    from: z.optional(z.union([z.literal(''), day])),
    to: z.optional(z.union([z.literal(''), day])),
    sort: z.optional(z.union([z.literal(''), z.string().check(z.regex(sortPattern, 'must be a column of a table'))])),
  })
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

/** The ranges the page offers in one tap, as of `today` (UTC): this month so far, last month, the last 7 days. */
export function marketingPresets(today: string): Array<{ label: string; from: string; to: string }> {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10);
  const lastMonthEnd = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
  return [
    { label: 'This month', from: monthStart(year, month), to: today },
    { label: 'Last month', from: monthStart(year, month - 1), to: lastMonthEnd },
    {
      label: 'Last 7 days',
      from: new Date(Date.parse(`${today}T00:00:00Z`) - 6 * dayMs).toISOString().slice(0, 10),
      to: today,
    },
  ];
}

/** Bars a chart draws at most, the largest first. */
export const chartBars = 10;

/** Rows a grouped table shows at most, those with the most visitors first: anyone can make up a campaign. */
export const mostRows = 200;

/** A table's CSV in its path. */
export const marketingTableParams = z.object({ table: z.enum(marketingTables) });

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
  /**
   * By language: the visits that entered in it, the leads sent in it, and the leads sent in a
   * counted visit that entered in it, which alone are set against its visits.
   */
  languages: Array<{ language: string; visitors: number; leads: number; visitLeads: number }>;
  /** Live demos booked in the range by their lead's source, medium and campaign, most first. */
  demoCampaigns: Array<{ source: string; medium: string; campaign: string; demos: number }>;
  funnel: { visitors: number; viewedDemo: number; requested: number; booked: number };
  forms: Array<{ page: string; views: number; leads: number }>;
};

/** Leads per 100 visitors, to one decimal; a dash where there were no visitors. */
export const conversionRate = (leads: number, visitors: number) =>
  visitors === 0 ? '–' : `${((leads / visitors) * 100).toFixed(1)}%`;

/** How a source's row names it: source, medium and campaign, the parts it has. */
export const sourceLabel = (row: { source: string; medium: string; campaign: string }) =>
  [row.source, row.medium, row.campaign].filter(Boolean).join(' / ');

export type TableOf = {
  title: string;
  columns: string[];
  /** Each column's name in a `sort` (`sources.leads.desc`). */
  keys: string[];
  rows: Array<Array<string | number>>;
  /** Each row's leads as the inbox's filters name them (D31: none personal), where the inbox can show them. */
  inbox?: Array<Record<string, string>>;
};

/** A cell as it sorts: a count or a rate as a number (a dash lowest), anything else as text. */
const sortValue = (cell: string | number) =>
  typeof cell === 'number' ? cell : /^\d+(\.\d+)?%$/.test(cell) ? Number.parseFloat(cell) : cell === '–' ? -1 : cell;

/** The table in the order a `sort` names, when it names one of its columns; as the report has it otherwise. */
export function sortedTable(table: TableOf, name: MarketingTable, sort: string | undefined): TableOf {
  const [sorted, key, direction] = (sort ?? '').split('.');
  const column = table.keys.indexOf(key ?? '');
  if (sorted !== name || column < 0) return table;
  const order = table.rows.map((row, index) => ({ row, index, value: sortValue(row[column]!) }));
  order.sort((a, b) => {
    const by =
      typeof a.value === 'number' && typeof b.value === 'number'
        ? a.value - b.value
        : String(a.value).localeCompare(String(b.value), 'en');
    return (direction === 'desc' ? -by : by) || a.index - b.index;
  });
  return {
    ...table,
    rows: order.map(({ row }) => row),
    ...(table.inbox ? { inbox: order.map(({ index }) => table.inbox![index]!) } : {}),
  };
}

/** A source's parts as the inbox's filters take them: "(none)" for a part the link did not carry. */
const inboxSource = (row: { source: string; medium: string; campaign: string }) => ({
  source: row.source,
  medium: row.medium || '(none)',
  campaign: row.campaign || '(none)',
});

/** Each table of the report, as the page shows it and its CSV holds it. */
export function tableOf(report: MarketingReport, table: MarketingTable): TableOf {
  const range = { from: report.from, to: report.to };
  switch (table) {
    case 'daily':
      return {
        title: 'Per day',
        columns: ['Day', 'Visitors', 'Page views', 'Leads', 'Demos booked'],
        keys: ['day', 'visitors', 'views', 'leads', 'demos'],
        rows: report.daily.map((row) => [row.day, row.visitors, row.views, row.leads, row.demos]),
        inbox: report.daily.map((row) => ({ from: row.day, to: row.day })),
      };
    case 'sources':
      return {
        title: 'By source, medium and campaign',
        columns: ['Source', 'Medium', 'Campaign', 'Visitors', 'Leads', 'Conversion', 'Demos booked'],
        keys: ['source', 'medium', 'campaign', 'visitors', 'leads', 'conversion', 'demos'],
        rows: report.sources.map((row) => [
          row.source,
          row.medium,
          row.campaign,
          row.visitors,
          row.leads,
          conversionRate(row.leads, row.visitors),
          row.demos,
        ]),
        inbox: report.sources.map((row) => ({ ...inboxSource(row), ...range })),
      };
    case 'entries':
      return {
        title: 'By entry page',
        columns: ['Entry page', 'Visitors', 'Leads', 'Conversion'],
        keys: ['page', 'visitors', 'leads', 'conversion'],
        rows: report.entries.map((row) => [row.page, row.visitors, row.leads, conversionRate(row.leads, row.visitors)]),
      };
    case 'languages':
      return {
        title: 'By language',
        columns: ['Language', 'Visitors', 'Leads sent in it', 'Leads from these visits', 'Conversion'],
        keys: ['language', 'visitors', 'leads', 'visitleads', 'conversion'],
        rows: report.languages.map((row) => [
          row.language === 'fr' ? 'French' : 'English',
          row.visitors,
          row.leads,
          row.visitLeads,
          conversionRate(row.visitLeads, row.visitors),
        ]),
        inbox: report.languages.map((row) => ({ language: row.language, ...range })),
      };
    case 'funnel':
      return {
        title: 'Demo funnel',
        columns: ['Step', 'Visitors'],
        keys: ['step', 'visitors'],
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
        keys: ['page', 'views', 'leads', 'conversion'],
        rows: report.forms.map((row) => [row.page, row.views, row.leads, conversionRate(row.leads, row.views)]),
      };
  }
}
