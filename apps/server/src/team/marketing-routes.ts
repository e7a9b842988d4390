import {
  chartBars,
  mostRows,
  leadFormPages,
  marketingQuerySchema,
  marketingPresets,
  marketingRange,
  marketingTableParams,
  sortedTable,
  sourceLabel,
  tableOf,
  type MarketingQuery,
  type MarketingReport,
} from '@growmail/contracts/marketing';
import type { TeamRole } from '@growmail/contracts/team';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csvText } from '../lib/report-text.ts';
import { contactsFor } from '../people/masking.ts';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import type { DataAccess } from '../repositories/index.ts';
import { refusedForm, typedValues } from './forms.ts';
import { sendTeamPage, sessionOf } from './pages.ts';
import { nextDay } from './views.ts';

/** The Marketing page and a CSV of each of its tables (issue 40), for a range of UTC days. */
export function marketingRoutes(app: FastifyInstance, data: DataAccess) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** The range the query names; when its schema refused it, the problem and the days asked, as the page shows them. */
  function rangeOf(request: FastifyRequest, query: MarketingQuery) {
    const refused = refusedForm(request, ['from', 'to']);
    if (refused) {
      const [problem = 'choose two days.'] = Object.values(refused.problems);
      return { problem: `The dates: ${problem}`, asked: { from: refused.values.from!, to: refused.values.to! } };
    }
    const range = marketingRange(query, today());
    return { range, asked: range };
  }
  const today = () => new Date().toISOString().slice(0, 10);

  routes.get(
    '/marketing',
    { schema: { querystring: marketingQuerySchema }, attachValidation: true },
    async (request, reply) => {
      const { range, problem, asked } = rangeOf(request, request.query);
      const presets = marketingPresets(today());
      if (!range) return sendTeamPage(reply, { view: 'marketing', query: asked, presets, problem }, 400);
      return sendTeamPage(reply, {
        view: 'marketing',
        query: { ...range, ...(request.query.sort ? { sort: request.query.sort } : {}) },
        presets,
        report: shownTo(sessionOf(request).role, await reportOf(data, range)),
      });
    },
  );

  routes.get(
    '/marketing/csv/:table',
    { schema: { params: marketingTableParams, querystring: marketingQuerySchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError?.validationContext === 'params') {
        const { from = '', to = '' } = typedValues(request.query, ['from', 'to']);
        const problem = 'There is no such table on this page.';
        const presets = marketingPresets(today());
        return sendTeamPage(reply, { view: 'marketing', query: { from, to }, presets, problem }, 404);
      }
      const { range, problem, asked } = rangeOf(request, request.query);
      const presets = marketingPresets(today());
      if (!range) return sendTeamPage(reply, { view: 'marketing', query: asked, presets, problem }, 400);
      const { table: name } = request.params;
      const report = shownTo(sessionOf(request).role, await reportOf(data, range));
      const table = sortedTable(tableOf(report, name), name, request.query.sort);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="growmail-${name}-${range.from}-${range.to}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csvText([table.columns, ...table.rows]));
    },
  );
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
    demoCampaigns: report.demoCampaigns.map((row) => ({
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
  const visitLeads = byKey(leads.visitLanguages, (row) => row.language);
  const languages = ['en', 'fr'].map((language) => ({
    language,
    visitors: visits.languages.find((row) => row.language === language)?.visitors ?? 0,
    leads: languageLeads.get(language)?.leads ?? 0,
    visitLeads: visitLeads.get(language)?.leads ?? 0,
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
    demoCampaigns: leads.demoSources
      .toSorted((a, b) => b.demos - a.demos || sourceLabel(a).localeCompare(sourceLabel(b), 'en'))
      .slice(0, chartBars),
    funnel: {
      visitors: daily.reduce((sum, row) => sum + row.visitors, 0),
      viewedDemo: visits.viewedDemo,
      requested: leads.requested,
      booked: leads.booked,
    },
    forms,
  };
}
