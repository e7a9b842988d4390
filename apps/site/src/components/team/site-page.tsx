import {
  contentPages,
  entryOf,
  ownPageOf,
  pagesShowing,
  type ContentPage,
  type DraftLanguage,
} from '@growmail/contracts/content/entries';
import { currencyCodes } from '@growmail/contracts/catalogue-codes';
import { previewPath, type PublishRow } from '@growmail/contracts/content/publish';
import { pricingQueryKeys } from '@growmail/contracts/pricing';
import { Fragment } from 'react';
import type { TeamViewer } from '@growmail/contracts/team';
import type { LanguageState } from '@/lib/content/editable';
import { inLanguage } from '@/lib/language';
import { formatTime, Notice, PageTitle, Problem, PostForm } from './team-parts';

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

const stateWords: Record<PublishRow['purpose'], Record<PublishRow['state'], string>> = {
  publish: {
    queued: 'Waiting to be built',
    building: 'Building and checking',
    refused: 'Refused: visitors see no change',
    passed: 'Published',
  },
  preview: {
    queued: 'Preview waiting to be built',
    building: 'Building the preview',
    refused: 'Preview failed',
    passed: 'Preview ready',
  },
  // An undo is what visitors see from the moment it is made; the publisher then reverts it on the content branch.
  undo: {
    queued: 'Undone',
    building: 'Undone',
    refused: 'Undone (the content branch could not follow)',
    passed: 'Undone',
  },
};

type PublishProps = {
  viewer: TeamViewer;
  csrf: string | undefined;
  /** The entries with a draft, by id and label. */
  drafted: Array<{ id: string; label: string }>;
  refused?: { problem: string; words: string } | undefined;
};

/** The pricing page in each language, in every currency it offers: where a price shows (issue 55). */
const pricingPages = ['/pricing', '/fr/pricing'].flatMap((path) =>
  currencyCodes.map((currency) => `${path}?${pricingQueryKeys.currency}=${currency}`),
);

/**
 * Every page that shows a publish's entries, in English and French (`pagesShowing`): a
 * testimonial's home and /demo, the FAQs' every product page, a legal document's own page, and
 * for the prices the pricing page in every currency in both languages.
 */
function pagesOf(entries: readonly string[], ownPages: readonly string[]): string[] {
  const english = [...new Set(entries.flatMap((entry) => pagesShowing(entry, ownPages)))];
  const prices = entries.some((entry) => entryOf(entry)?.kind === 'prices') ? pricingPages : [];
  return [...english.flatMap((path) => [path, inLanguage(path, 'fr')]), ...prices];
}

/** Publish: the drafts to publish, each a box, and the words the spelling check should learn (D45). */
function PublishForm({ csrf, drafted, refused }: PublishProps) {
  return (
    <section aria-labelledby="publish" className="team-card mb-6">
      <h2 id="publish" className="mb-2 text-lg font-semibold">
        Publish
      </h2>
      {refused && <Problem>{refused.problem}</Problem>}
      <PostForm action="/team/site/publish" csrf={csrf} className="grid gap-3">
        <fieldset>
          <legend className="team-label">Drafts to publish</legend>
          {drafted.map((entry) => (
            <label key={entry.id} className="flex gap-2">
              <input type="checkbox" name="entries" value={entry.id} defaultChecked />
              {entry.label}
            </label>
          ))}
        </fieldset>
        <div>
          <label htmlFor="publish-words" className="team-label">
            New words for the spelling check (names, one per line)
          </label>
          <textarea id="publish-words" name="words" rows={2} className="team-input" defaultValue={refused?.words} />
        </div>
        <p className="text-sm text-ink-700">
          The site is built with these drafts and checked (spelling, page sizes, valid HTML, links) before any visitor
          sees it: about a minute. A preview is the same build, for members only, not checked.
        </p>
        <p className="flex flex-wrap gap-3">
          <button className="team-button">Publish</button>
          <button formAction="/team/site/preview" className="team-button-quiet">
            Preview first
          </button>
        </p>
      </PostForm>
    </section>
  );
}

/** The newest publishes, each with what became of it and, when refused, every problem by its entry and field. */
function Publishes({
  publishes,
  zone,
  ownPages,
  mayPublish,
}: {
  publishes: PublishRow[];
  zone: string;
  ownPages: string[];
  mayPublish: boolean;
}) {
  if (publishes.length === 0) return null;
  return (
    <section aria-labelledby="publishes" className="mb-6">
      <h2 id="publishes" className="mb-2 text-lg font-semibold">
        Latest publishes
      </h2>
      {mayPublish && publishes.some((publish) => publish.purpose !== 'preview' && publish.state === 'passed') && (
        <p className="mb-2">
          <a href="/team/site/undo" className="team-link">
            Undo the last publish…
          </a>
        </p>
      )}
      <ul className="grid gap-2">
        {publishes.map((publish) => (
          <li key={publish.id} className="team-card">
            {publish.purpose === 'undo' ? (
              <p>
                <span className="font-semibold">{stateWords.undo[publish.state]}</span> by {publish.requestedBy}:{' '}
                {publish.entries.join(', ')}, {formatTime(publish.requestedAt, zone)}
              </p>
            ) : (
              <p>
                <span className="font-semibold">{stateWords[publish.purpose][publish.state]}</span>:{' '}
                {publish.entries.join(', ')}, by {publish.requestedBy},{' '}
                {formatTime(publish.finishedAt ?? publish.requestedAt, zone)}
              </p>
            )}
            {publish.purpose === 'preview' && publish.version && (
              <p className="text-sm">
                Open each page that shows it, at each width you check, with and without JavaScript:{' '}
                {pagesOf(publish.entries, ownPages).map((path, index) => (
                  <Fragment key={path}>
                    {index > 0 && ', '}
                    <a href={previewPath(publish.version!, path)} className="team-link">
                      {path}
                    </a>
                  </Fragment>
                ))}
              </p>
            )}
            {publish.pushProblem && (
              <p className="text-sm">
                Live, but not yet in the Git history: the push was refused ({publish.pushProblem}). The next publish
                tries again.
              </p>
            )}
            {publish.problems.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm text-red-900">
                {publish.problems.map((problem, index) => (
                  <li key={index}>
                    {problem.entry && (
                      <a href={`/team/site/${problem.entry}`} className="team-link">
                        {[problem.entry, problem.field].filter(Boolean).join(' › ')}
                      </a>
                    )}
                    {problem.entry && ': '}
                    {problem.message}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type SitePageProps = PublishProps & {
  rows: SiteRow[];
  publishes: PublishRow[];
  /** Whether the member's role publishes. */
  mayPublish: boolean;
  notice?: string | undefined;
};

/** The Site section (D45): every entry marketing edits, by page, with each language's state. */
export function SitePage({ viewer, rows, publishes, mayPublish, notice, ...publish }: SitePageProps) {
  return (
    <>
      <PageTitle>Site</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      <p className="mb-4 text-ink-700">
        The words and lists of the public site, by page. A draft is kept here until it is published; visitors see only
        what is published.
      </p>
      {mayPublish && publish.drafted.length > 0 && <PublishForm viewer={viewer} {...publish} />}
      <Publishes
        publishes={publishes}
        zone={viewer.zone}
        ownPages={rows.flatMap((row) => ownPageOf(row.id) ?? [])}
        mayPublish={mayPublish}
      />
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
                  <p>
                    <a href={`/team/site/${row.id}`} className="team-link font-semibold">
                      {row.label}
                    </a>{' '}
                    <a href={`/team/site/${row.id}/history`} className="team-link inline-block min-h-6 text-sm">
                      History<span className="sr-only"> of {row.label}</span>
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
