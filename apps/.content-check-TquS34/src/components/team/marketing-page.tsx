import { tableOf, type MarketingReport, type MarketingTable } from '@growmail/contracts/marketing';
import type { ReactNode } from 'react';
import { BarChart, LineChart } from './marketing-charts';
import { PageTitle, Problem } from './team-parts';

type Props = {
  query: { from: string; to: string };
  report?: MarketingReport | undefined;
  problem?: string | undefined;
};

/** A table of the report: its own scrolling box, so a narrow screen scrolls it and not the page. */
function Figures({ report, table, query }: { report: MarketingReport; table: MarketingTable; query: string }) {
  const { title, columns, rows } = tableOf(report, table);
  return (
    <div className="min-w-0">
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
              {columns.map((column, index) => (
                <th key={column} scope="col" className={`px-3 py-2 font-semibold ${index > 0 ? 'text-right' : ''}`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex} className="border-t border-ink-100">
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                      {cell === '' ? '(none)' : cell}
                    </th>
                  ) : (
                    <td
                      key={index}
                      className={`px-3 py-1.5 whitespace-nowrap ${typeof cell === 'number' || index > 2 ? 'text-right tabular-nums' : ''}`}
                    >
                      {typeof cell === 'number' ? cell.toLocaleString('en') : cell === '' ? '(none)' : cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2">
        <a href={`/team/marketing/csv/${table}?${query}`} className="team-link text-sm" download>
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

/**
 * Where visits and leads came from (issue 40), for a range of days in a GET form, so a view can be
 * shared by its URL. Each chart is drawn on the server, beside the table that holds its figures.
 */
export function MarketingPage({ query, report, problem }: Props) {
  const shared = new URLSearchParams(query).toString();
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
          Days are UTC. A visitor is one visit: someone who comes back on another day, or after 30 idle minutes, counts
          again.
        </p>
      </form>
      {report && (
        <>
          <Section title="Per day">
            <div className="grid gap-4">
              <LineChart
                days={report.daily.map((row) => row.day)}
                series={[
                  { name: 'Visitors', values: report.daily.map((row) => row.visitors), className: 'stroke-brand-600' },
                  { name: 'Page views', values: report.daily.map((row) => row.views), className: 'stroke-ink-400' },
                ]}
              />
              <LineChart
                days={report.daily.map((row) => row.day)}
                series={[
                  { name: 'Leads', values: report.daily.map((row) => row.leads), className: 'stroke-brand-600' },
                  { name: 'Demos booked', values: report.daily.map((row) => row.demos), className: 'stroke-ink-900' },
                ]}
              />
            </div>
            <Figures report={report} table="daily" query={shared} />
          </Section>
          <Section title="Demo funnel">
            <BarChart
              bars={[
                { label: 'Visited the site', value: report.funnel.visitors },
                { label: 'Viewed the demo page', value: report.funnel.viewedDemo },
                { label: 'Sent a demo request', value: report.funnel.requested },
                { label: 'Booked a slot', value: report.funnel.booked },
              ]}
            />
            <Figures report={report} table="funnel" query={shared} />
          </Section>
          <Section title="By source, medium and campaign">
            <BarChart
              bars={report.sources.map((row) => ({
                label: [row.source, row.medium, row.campaign].filter(Boolean).join(' / '),
                value: row.leads,
              }))}
            />
            <Figures report={report} table="sources" query={shared} />
          </Section>
          <Section title="By entry page">
            <BarChart bars={report.entries.map((row) => ({ label: row.page, value: row.visitors }))} />
            <Figures report={report} table="entries" query={shared} />
          </Section>
          <Section title="By language">
            <BarChart
              bars={report.languages.map((row) => ({
                label: row.language === 'fr' ? 'French' : 'English',
                value: row.visitors,
              }))}
            />
            <Figures report={report} table="languages" query={shared} />
          </Section>
          <Section title="Per form page">
            <BarChart bars={report.forms.map((row) => ({ label: row.page, value: row.leads }))} />
            <Figures report={report} table="forms" query={shared} />
          </Section>
        </>
      )}
    </>
  );
}
