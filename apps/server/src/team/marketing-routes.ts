import {
  mostRows,
  leadFormPages,
  marketingQuerySchema,
  marketingRange,
  marketingTables,
  tableOf,
  type MarketingReport,
} from '@growmail/contracts/marketing';
import type { TeamRole } from '@growmail/contracts/team';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { csvText } from '../lib/report-text.ts';
import { contactsFor } from '../people/masking.ts';
import type { DataAccess } from '../repositories/index.ts';
import { sendTeamPage } from './pages.ts';
import { nextDay } from './views.ts';

const viewer = { team: { role: 'viewer' as const } };

const tableParams = z.object({ table: z.enum(marketingTables) });

/** The Marketing page and a CSV of each of its tables (issue 40), for a range of UTC days. */
export function marketingRoutes(app: FastifyInstance, data: DataAccess) {
  /** The range the query names, or its problem, as the page shows it. */
  function rangeOf(request: FastifyRequest) {
    const query = request.query as Record<string, unknown>;
    const parsed = marketingQuerySchema.safeParse(query);
    const asked = { from: String(query.from ?? '').slice(0, 20), to: String(query.to ?? '').slice(0, 20) };
    if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Choose two days.', asked };
    return { range: marketingRange(parsed.data, new Date().toISOString().slice(0, 10)), asked };
  }

  app.get('/marketing', { config: viewer }, async (request, reply) => {
    const { range, problem, asked } = rangeOf(request);
    if (!range) return sendTeamPage(reply, { view: 'marketing', query: asked, problem: `The dates: ${problem}` }, 400);
    return sendTeamPage(reply, {
      view: 'marketing',
      query: range,
      report: shownTo(request.teamSession!.role, await reportOf(data, range)),
    });
  });

  app.get('/marketing/csv/:table', { config: viewer }, async (request, reply: FastifyReply) => {
    const params = tableParams.safeParse(request.params);
    const { range, problem, asked } = rangeOf(request);
    if (!params.success || !range)
      return sendTeamPage(
        reply,
        {
          view: 'marketing',
          query: asked,
          problem: params.success ? `The dates: ${problem}` : 'There is no such table on this page.',
        },
        params.success ? 400 : 404,
      );
    const table = tableOf(shownTo(request.teamSession!.role, await reportOf(data, range)), params.data.table);
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="growmail-${params.data.table}-${range.from}-${range.to}.csv"`,
      )
      .type('text/csv; charset=utf-8')
      .send(csvText([table.columns, ...table.rows]));
  });
}

/** The report as a role is shown it: a campaign or a page a visitor's link named may hold an address (D41). */
function shownTo(role: TeamRole, report: MarketingReport): MarketingReport {
  const { text } = contactsFor(role);
  return {
    ...report,
    sources: report.sources.map((row) => ({
      ...row,
      source: text(row.source),
      medium: text(row.medium),
      campaign: text(row.campaign),
    })),
    entries: report.entries.map((row) => ({ ...row, page: text(row.page) })),
    forms: report.forms.map((row) => ({ ...row, page: text(row.page) })),
  };
}

const byKey = <Row>(rows: Row[], key: (row: Row) => string) => new Map(rows.map((row) => [key(row), row]));
const sourceKey = (row: { source: string; medium: string; campaign: string }) =>
  JSON.stringify([row.source, row.medium, row.campaign]);

/** The figures of a range: visits and leads read apart, each grouped in SQL, then set side by side. */
export async function reportOf(data: DataAccess, range: { from: string; to: string }): Promise<MarketingReport> {
  const [visits, leads] = await Promise.all([
    data.visits.marketing(range.from, range.to, leadFormPages),
    data.leads.marketing(range.from, nextDay(range.to)),
  ]);
  const leadsOn = byKey(leads.daily, (row) => row.day);
  const demosOn = byKey(leads.demosDaily, (row) => row.day);
  const visitsOn = byKey(visits.daily, (row) => row.day);
  const daily: MarketingReport['daily'] = [];
  for (let day = range.from; day <= range.to; day = nextDay(day))
    daily.push({
      day,
      visitors: visitsOn.get(day)?.visitors ?? 0,
      views: visitsOn.get(day)?.views ?? 0,
      leads: leadsOn.get(day)?.leads ?? 0,
      demos: demosOn.get(day)?.demos ?? 0,
    });

  const sources = new Map<string, MarketingReport['sources'][number]>();
  const sourceRow = (row: { source: string; medium: string; campaign: string }) => {
    const key = sourceKey(row);
    if (!sources.has(key))
      sources.set(key, {
        source: row.source,
        medium: row.medium,
        campaign: row.campaign,
        visitors: 0,
        leads: 0,
        demos: 0,
      });
    return sources.get(key)!;
  };
  for (const row of visits.sources) sourceRow(row).visitors += row.visitors;
  for (const row of leads.sources) sourceRow(row).leads += row.leads;
  for (const row of leads.demoSources) sourceRow(row).demos += row.demos;

  const entryLeads = byKey(leads.entries, (row) => row.page);
  const entries = visits.entries.map((row) => ({ ...row, leads: entryLeads.get(row.page)?.leads ?? 0 }));
  for (const row of leads.entries)
    if (!entries.some((entry) => entry.page === row.page))
      entries.push({ page: row.page, visitors: 0, leads: row.leads });

  const languageLeads = byKey(leads.languages, (row) => row.language);
  const languages = ['en', 'fr'].map((language) => ({
    language,
    visitors: visits.languages.find((row) => row.language === language)?.visitors ?? 0,
    leads: languageLeads.get(language)?.leads ?? 0,
  }));

  const views = byKey(visits.formViews, (row) => row.page);
  const formLeads = byKey(leads.forms, (row) => row.page);
  const forms = [
    ...leadFormPages,
    ...leads.forms.map((row) => row.page).filter((page) => !leadFormPages.includes(page as never)),
  ].map((page) => ({ page, views: views.get(page)?.views ?? 0, leads: formLeads.get(page)?.leads ?? 0 }));

  const mostFirst = <Row extends { visitors: number; leads: number }>(rows: Row[]) =>
    rows.sort((a, b) => b.visitors - a.visitors || b.leads - a.leads);
  return {
    ...range,
    daily,
    sources: mostFirst([...sources.values()]).slice(0, mostRows),
    entries: mostFirst(entries).slice(0, mostRows),
    languages,
    funnel: {
      visitors: daily.reduce((sum, row) => sum + row.visitors, 0),
      viewedDemo: visits.viewedDemo,
      requested: leads.requested,
      booked: leads.booked,
    },
    forms,
  };
}
