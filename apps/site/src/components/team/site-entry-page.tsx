import type { DraftLanguage } from '@growmail/contracts/content/entries';
import { hasImage, type FormNode, type FormValue } from '@growmail/contracts/content/form';
import type { ContentDraftView, TeamViewer } from '@growmail/contracts/team';
import { ContentField, fieldId, fieldLabel } from './content-form';
import { languageNames } from './site-page';
import { formatTime, Notice, PageTitle, PostForm } from './team-parts';

/** A field's place in words: `fr.blocks.1.title` is "French › Blocks › 2 › Title". */
export const placeLabel = (name: string) =>
  name
    .split('.')
    .map((step, index) =>
      index === 0
        ? languageNames[step as DraftLanguage]
        : /^\d+$/.test(step)
          ? String(Number(step) + 1)
          : fieldLabel(step),
    )
    .join(' › ');

type Props = {
  viewer: TeamViewer;
  csrf: string | undefined;
  entry: string;
  label: string;
  page: string;
  node: FormNode;
  /** Each language's value as the form shows it. */
  values: Partial<Record<DraftLanguage, FormValue>>;
  problems: Record<string, string>;
  base: string;
  revision: number;
  draft?: ContentDraftView | undefined;
  /** Another editor's save that came first: the fields where it differs from the form, theirs and the form's. */
  conflict?: { author: string; savedAt: string; differences: Array<[string, string, string]> } | undefined;
  notice?: string | undefined;
};

/** One entry of the site's content in its form (D45): English and French side by side on a laptop, one under the other on a phone. */
export function SiteEntryPage(props: Props) {
  const { viewer, csrf, entry, label, page, node, values, problems, base, revision, draft, conflict, notice } = props;
  const languages = Object.keys(values) as DraftLanguage[];
  const action = `/team/site/${entry}`;
  const save = <button className="team-button">Save the draft</button>;
  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/team/site" className="team-link">
          Site
        </a>{' '}
        · {page} ·{' '}
        <a href={`${action}/history`} className="team-link">
          History
        </a>
      </p>
      <PageTitle>{label}</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      {Object.keys(problems).length > 0 && (
        <div role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          <p className="font-semibold">Nothing was saved. Check these fields:</p>
          <ul className="list-disc pl-5">
            {Object.entries(problems).map(([name, problem]) => (
              <li key={name}>
                <a href={`#${fieldId(name)}`} className="underline">
                  {placeLabel(name)}
                </a>
                : {problem}
              </li>
            ))}
          </ul>
        </div>
      )}
      {conflict && (
        <section className="team-card mb-4 border-red-300" aria-labelledby="conflict-heading">
          <h2 id="conflict-heading" className="mb-2 text-lg font-semibold">
            {conflict.author} saved this entry at {formatTime(conflict.savedAt, viewer.zone)}, after you opened it
          </h2>
          <p className="mb-2 text-ink-700">
            Nothing of yours was saved, and nothing is lost: your version is in the form below, theirs is the draft.
            Where they differ:
          </p>
          <table className="w-full table-fixed text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">{conflict.author}’s</th>
                <th scope="col">Yours</th>
              </tr>
            </thead>
            <tbody>
              {conflict.differences.map(([name, theirs, yours]) => (
                <tr key={name} className="border-t border-ink-100 align-top">
                  <th scope="row" className="pr-2 font-normal break-words">
                    {placeLabel(name)}
                  </th>
                  <td className="pr-2 break-words">{theirs}</td>
                  <td className="break-words">{yours}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-ink-700">Saving the form now replaces their draft with your version.</p>
        </section>
      )}
      {draft && !draft.mine && !conflict && (
        <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3">
          <p>
            {draft.author} is editing this entry: their draft was saved {formatTime(draft.savedAt, viewer.zone)}.
          </p>
          <PostForm action={`${action}/take-over`} csrf={csrf}>
            <input type="hidden" name="_revision" value={draft.revision} />
            <button className="team-button-quiet">Take it over</button>
          </PostForm>
        </div>
      )}
      {draft?.mine && !conflict && (
        <p className="mb-4 text-ink-700">
          Your draft, saved {formatTime(draft.savedAt, viewer.zone)}. Visitors see it once it is published.
        </p>
      )}
      {!draft && (
        <p className="mb-4 text-ink-700">What visitors see now. Saving keeps a draft; nothing is published.</p>
      )}
      <PostForm
        action={action}
        csrf={csrf}
        noValidate
        className="team-entry grid gap-4"
        {...(hasImage(node) ? { encType: 'multipart/form-data' } : {})}
      >
        <input type="hidden" name="_base" value={base} />
        <input type="hidden" name="_revision" value={revision} />
        <p>{save}</p>
        <div className={`grid gap-4 ${languages.length > 1 ? 'md:grid-cols-2' : ''}`}>
          {languages.map((language) => (
            <div key={language} lang={language === 'all' ? undefined : language} className="min-w-0">
              <ContentField
                node={node}
                value={values[language] ?? ''}
                name={language}
                label={languageNames[language]}
                problems={problems}
              />
            </div>
          ))}
        </div>
        <p>{save}</p>
      </PostForm>
    </>
  );
}
