import { contentPages, type ContentPage, type DraftLanguage } from '@growmail/contracts/content/entries';
import type { TeamViewer } from '@growmail/contracts/team';
import type { LanguageState } from '@/lib/content/editable';
import { formatTime, PageTitle } from './team-parts';

/** An entry as the Site section lists it. */
export type SiteRow = { id: string; page: ContentPage; label: string; states: LanguageState[] };

export const languageNames: Record<DraftLanguage, string> = {
  en: 'English',
  fr: 'French',
  all: 'Both languages',
};

function StateText({ state, zone }: { state: LanguageState; zone: string }) {
  if (state.state === 'draft')
    return (
      <>
        <span className="font-semibold text-amber-900">Draft</span> by {state.author} since{' '}
        {formatTime(state.startedAt, zone)}
      </>
    );
  if (state.state === 'missing') return <span className="font-semibold text-red-900">Missing translation</span>;
  return <>Published</>;
}

/** The Site section (D45): every entry marketing edits, by page, with each language's state. */
export function SitePage({ viewer, rows }: { viewer: TeamViewer; rows: SiteRow[] }) {
  return (
    <>
      <PageTitle>Site</PageTitle>
      <p className="mb-4 text-ink-700">
        The words and lists of the public site, by page. A draft is kept here until it is published; visitors see only
        what is published.
      </p>
      {contentPages.map((page, index) => (
        <section key={page} aria-labelledby={`page-${index}`} className="mb-6">
          <h2 id={`page-${index}`} className="mb-2 text-lg font-semibold">
            {page}
          </h2>
          <ul className="grid gap-2">
            {rows
              .filter((row) => row.page === page)
              .map((row) => (
                <li key={row.id} className="team-card grid gap-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
                  <p className="font-semibold">
                    <a href={`/team/site/${row.id}`} className="team-link">
                      {row.label}
                    </a>
                  </p>
                  <ul className="grid gap-0.5 text-sm" aria-label={`${row.label}, by language`}>
                    {row.states.map((state) => (
                      <li key={state.language}>
                        {languageNames[state.language]}: <StateText state={state} zone={viewer.zone} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}
