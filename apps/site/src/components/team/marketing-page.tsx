import {
  sortedTable,
  sourceLabel,
  tableOf,
  type MarketingReport,
  type MarketingTable,
} from '@growmail/contracts/marketing';
import type { ReactNode } from 'react';
import { BarChart, inWords, LineChart } from './marketing-charts';
import { PageTitle, Problem } from './team-parts';

type Query = { from: string; to: string; sort?: string | undefined };
type Props = {
  query: Query;
  presets: Array<{ label: string; from: string; to: string }>;
  report?: MarketingReport | undefined;
  problem?: string | undefined;
  /** The member's zone, in which the page says when its UTC days begin. */
  zone: string;
};

/** Rows a table shows on the page; its CSV holds them all. */
const shownRows = 31;
/** Columns of text, which sort A to Z first; counts and rates sort largest first. */
const textColumns = new Set(['day', 'source', 'medium', 'campaign', 'page', 'language', 'step']);

/** What the names in the sources table mean, said where they appear. */
const sourceWords: Array<[string, string]> = [
  ['api', 'sent to our API by another system, not from a page of the site, so there is no visit to count.'],
  ['unknown', 'sent from the site in a visit that was not counted, as when a blocker stops the count.'],
  ['direct', 'came with no campaign link, and no other site sent them.'],
  ['(none)', 'the link they came by named no medium or no campaign.'],
];

/**
 * When the page's UTC days begin and end in the member's zone, in words: "Days run from 01:00 to
 * 01:00, Lagos time". Read on the range's last day, so a summer-time zone says its current offset.
 */
function daysInWords(zone: string, day: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(`${day}T00:00:00Z`));
  const place = `${(zone.split('/').at(-1) ?? zone).replace(/_/g, ' ')} time`;
  return time === '00:00'
    ? `Days run from midnight to midnight, ${place}.`
    : `Days run from ${time} to ${time}, ${place} (midnight to midnight UTC), and stay so for every member.`;
}

const pageUrl = (query: Query) =>
  `/team/marketing?${new URLSearchParams(Object.entries(query).filter(([, value]) => value)).toString()}`;

/**
 * A table of the report: its own scrolling box, so a narrow screen scrolls it and not the page,
 * with its first column kept in view. Each column head is a link that sorts it (no script), and a
 * row's first cell links to the inbox filtered to its leads, where the inbox can show them.
 */
function Figures({ report, table, query }: { report: MarketingReport; table: MarketingTable; query: Query }) {
  const { title, columns, keys, rows, inbox } = sortedTable(tableOf(report, table), table, query.sort);
  const [sortedBy, sortedKey, direction] = (query.sort ?? '').split('.');
  const range = { from: query.from, to: query.to };
  const id = `table-${table}`;
  return (
    <div className="min-w-0" id={id}>
      <div
        className="overflow-x-auto rounded-lg border border-ink-100"
        role="region"
        aria-label={`${title}: figures`}
        // A box that scrolls must take focus, so a keyboard can scroll it (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {title}, {report.from} to {report.to}
          </caption>
          <thead className="bg-ink-50">
            <tr>
              {columns.map((column, index) => {
                const key = keys[index]!;
                const sorted = sortedBy === table && sortedKey === key ? direction : undefined;
                const next =
                  sorted === 'desc' ? 'asc' : sorted === 'asc' ? 'desc' : textColumns.has(key) ? 'asc' : 'desc';
                return (
                  <th
                    key={column}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${index === 0 ? 'sticky left-0 bg-ink-50' : 'text-right'}`}
                    {...(sorted ? { 'aria-sort': sorted === 'asc' ? 'ascending' : 'descending' } : {})}
                  >
                    <a href={`${pageUrl({ ...range, sort: `${table}.${key}.${next}` })}#${id}`} className="team-link">
                      {column}
                      {sorted && (sorted === 'asc' ? ' ↑' : ' ↓')}
                    </a>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shownRows).map((row, rowIndex) => (
              <tr key={rowIndex} className="border-t border-ink-100">
                {row.map((cell, index) => {
                  const words = cell === '' ? '(none)' : typeof cell === 'number' ? cell.toLocaleString('en') : cell;
                  if (index > 0)
                    return (
                      <td
                        key={index}
                        className={`px-3 py-1.5 ${typeof cell === 'number' || index > 2 ? 'text-right whitespace-nowrap tabular-nums' : 'min-w-24 break-words'}`}
                      >
                        {words}
                      </td>
                    );
                  const filters = inbox?.[rowIndex];
                  // A day reads in words ("Sun 29 Nov") on one line; its CSV keeps the date.
                  const day = table === 'daily' && typeof cell === 'string';
                  return (
                    <th
                      key={index}
                      scope="row"
                      className={`sticky left-0 max-w-40 min-w-24 bg-white px-3 py-1.5 font-normal ${day ? 'whitespace-nowrap' : 'break-words'}`}
                    >
                      {filters ? (
                        <a
                          href={`/team/leads?${new URLSearchParams({ view: 'all', ...filters })}`}
                          className="team-link"
                        >
                          {day ? <time dateTime={cell}>{inWords(cell)}</time> : words}
                          <span className="sr-only">: its leads</span>
                        </a>
                      ) : (
                        words
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm">
        {rows.length > shownRows && `The first ${shownRows} of ${rows.length} rows. `}
        <a
          href={pageUrl(query).replace('/team/marketing?', `/team/marketing/csv/${table}?`)}
          className="team-link"
          download
        >
          {title} as CSV
        </a>
      </p>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="team-card mb-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-ink-900">
        {title}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">{children}</div>
    </section>
  );
}

/** The meaning of each name the sources table shows that a team would not guess. */
function SourceNotes({ report }: { report: MarketingReport }) {
  const cells = new Set(
    report.sources.slice(0, shownRows).flatMap((row) => [row.source, row.medium || '(none)', row.campaign || '(none)']),
  );
  const said = sourceWords.filter(([name]) => cells.has(name));
  if (said.length === 0) return null;
  return (
    <dl className="text-sm text-ink-700 lg:col-span-2">
      {said.map(([name, meaning]) => (
        <div key={name}>
          <dt className="inline font-semibold after:content-[':']">{name}</dt> <dd className="inline">{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Where visits and leads came from (issue 40), for a range of days in a GET form, so a view can be
 * shared by its URL. Each chart is drawn on the server, says what it counts, and sits beside the
 * table that holds its figures (issue 54).
 */
export function MarketingPage({ query, presets, report, problem, zone }: Props) {
  const top = report?.demoCampaigns[0];
  return (
    <>
      <PageTitle>Marketing</PageTitle>
      <form
        method="get"
        action="/team/marketing"
        className="team-card mb-6 flex flex-wrap items-end gap-3"
        aria-label="Dates"
      >
        {problem && (
          <div className="w-full">
            <Problem id="range-problem">{problem}</Problem>
          </div>
        )}
        <p className="flex w-full flex-wrap gap-2">
          {presets.map((preset) => (
            <a
              key={preset.label}
              href={pageUrl({ from: preset.from, to: preset.to })}
              className="team-button-quiet"
              {...(preset.from === query.from && preset.to === query.to ? { 'aria-current': true } : {})}
            >
              {preset.label}
            </a>
          ))}
        </p>
        <div>
          <label htmlFor="range-from" className="team-label">
            From
          </label>
          <input
            id="range-from"
            name="from"
            type="date"
            defaultValue={query.from}
            className="team-input"
            {...(problem ? { 'aria-invalid': true, 'aria-describedby': 'range-problem' } : {})}
          />
        </div>
        <div>
          <label htmlFor="range-to" className="team-label">
            To
          </label>
          <input id="range-to" name="to" type="date" defaultValue={query.to} className="team-input" />
        </div>
        <button className="team-button">Show</button>
        <p className="w-full text-sm text-ink-700">
          {daysInWords(zone, query.to || query.from || '2026-01-01')} A visitor is one visit: someone who comes back on
          another day, or after 30 idle minutes, counts again.
        </p>
      </form>
      {report && (
        <>
          <Section title="Per day">
            <div className="grid gap-6">
              <LineChart
                title="Visitors and page views, per day"
                days={report.daily.map((row) => row.day)}
                series={[
                  { name: 'Visitors', values: report.daily.map((row) => row.visitors), className: 'stroke-brand-600' },
                  { name: 'Page views', values: report.daily.map((row) => row.views), className: 'stroke-ink-400' },
                ]}
              />
              <LineChart
                title="Leads received and demos booked, per day"
                days={report.daily.map((row) => row.day)}
                series={[
                  { name: 'Leads', values: report.daily.map((row) => row.leads), className: 'stroke-brand-600' },
                  { name: 'Demos booked', values: report.daily.map((row) => row.demos), className: 'stroke-ink-900' },
                ]}
              />
            </div>
            <Figures report={report} table="daily" query={query} />
          </Section>
          <Section title="Demo funnel">
            <BarChart
              title="Visitors at each step towards a booked demo"
              bars={[
                { label: 'Visited the site', value: report.funnel.visitors },
                { label: 'Viewed the demo page', value: report.funnel.viewedDemo },
                { label: 'Sent a demo request', value: report.funnel.requested },
                { label: 'Booked a slot', value: report.funnel.booked },
              ]}
            />
            <Figures report={report} table="funnel" query={query} />
          </Section>
          <Section title="By source, medium and campaign">
            <div className="grid gap-6">
              <BarChart
                title="Demos booked by campaign"
                bars={report.demoCampaigns.map((row) => ({ label: sourceLabel(row), value: row.demos }))}
                empty="No demos were booked in these days."
              />
              {top && (
                <p className="text-sm">
                  Most demos in these days: <strong className="break-words">{sourceLabel(top)}</strong>, {top.demos}{' '}
                  booked.
                </p>
              )}
              <BarChart
                title="Leads received by campaign"
                bars={report.sources.map((row) => ({ label: sourceLabel(row), value: row.leads }))}
              />
            </div>
            <Figures report={report} table="sources" query={query} />
            <SourceNotes report={report} />
          </Section>
          <Section title="By entry page">
            <BarChart
              title="Visitors by the page they entered on"
              bars={report.entries.map((row) => ({ label: row.page, value: row.visitors }))}
            />
            <Figures report={report} table="entries" query={query} />
          </Section>
          <Section title="By language">
            <BarChart
              title="Visitors by the language they entered in"
              bars={report.languages.map((row) => ({
                label: row.language === 'fr' ? 'French' : 'English',
                value: row.visitors,
              }))}
            />
            <div className="grid gap-2">
              <Figures report={report} table="languages" query={query} />
              <p className="text-sm text-ink-700">
                Conversion sets against a language’s visits only the leads sent during those visits. A lead sent to our
                API, or in a visit that was not counted, had no visit, so it is among the leads sent in its language but
                not in the conversion.
              </p>
            </div>
          </Section>
          <Section title="Per form page">
            <BarChart
              title="Leads received on each page with a form"
              bars={report.forms.map((row) => ({ label: row.page, value: row.leads }))}
            />
            <Figures report={report} table="forms" query={query} />
          </Section>
        </>
      )}
    </>
  );
}
