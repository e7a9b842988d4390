import type { HistoryRow, WordChange } from '@growmail/contracts/content/publish';
import type { TeamViewer } from '@growmail/contracts/team';
import { placeLabel } from './site-entry-page';
import { formatTime, Notice, PageTitle, PostForm } from './team-parts';

/**
 * A run of words as a diff shows it: added words underlined in <ins>, removed ones struck through
 * in <del>, each also said in words for a screen reader, which announces neither element.
 */
function Run({ how, words }: { how: WordChange; words: string }) {
  if (how === 'same') return <>{words}</>;
  const Tag = how === 'added' ? 'ins' : 'del';
  const colour = how === 'added' ? 'bg-green-100 text-green-950' : 'bg-red-100 text-red-950 mr-0.5';
  return (
    <Tag className={`rounded-sm px-0.5 ${colour}`}>
      <span className="sr-only">{how === 'added' ? ' [added: ' : ' [removed: '}</span>
      {words}
      <span className="sr-only">] </span>
    </Tag>
  );
}

type Props = {
  viewer: TeamViewer;
  csrf: string | undefined;
  entry: string;
  label: string;
  page: string;
  rows: HistoryRow[];
  limit: number;
  /** The published version the restore forms name, as a save's form does. */
  base: string;
  draft?: { revision: number; author: string; mine: boolean } | undefined;
  mayUndo: boolean;
  notice?: string | undefined;
};

/** An entry's history (D45): each publish and undo, newest first, with what it changed as a word diff. */
export function SiteHistoryPage({
  viewer,
  csrf,
  entry,
  label,
  page,
  rows,
  limit,
  base,
  draft,
  mayUndo,
  notice,
}: Props) {
  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/team/site" className="team-link">
          Site
        </a>{' '}
        · {page} ·{' '}
        <a href={`/team/site/${entry}`} className="team-link">
          {label}
        </a>
      </p>
      <PageTitle>History of {label}</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      <p className="mb-2 text-ink-700">
        Each publish of this entry, newest first, and what it changed in each language: words added are underlined,
        words removed struck through. The {limit} newest are here; the audit log keeps them all.
      </p>
      {draft && (
        <p className="mb-2 text-ink-700">
          {draft.mine ? 'You have' : `${draft.author} has`} a draft of this entry: restoring a version replaces it
          {draft.mine ? '.' : ', and they see that you did.'}
        </p>
      )}
      {mayUndo && (
        <p className="mb-4">
          <a href="/team/site/undo" className="team-link">
            Undo the last publish…
          </a>
        </p>
      )}
      {rows.length === 0 && (
        <p className="team-card">No publish has changed this entry yet: visitors see it as the release has it.</p>
      )}
      <ol className="grid gap-3">
        {rows.map((row, index) => (
          <li key={row.id} className="team-card">
            <h2 className="font-semibold">
              {row.purpose === 'undo' ? 'Undone' : 'Published'} by {row.by}, {formatTime(row.at, viewer.zone)}
              {index === 0 && ' (what visitors see now)'}
            </h2>
            {row.undoes && (
              <p className="text-sm text-ink-700">It took back the publish of {formatTime(row.undoes, viewer.zone)}.</p>
            )}
            {row.changes.length === 0 && <p className="text-sm text-ink-700">No word of this entry changed.</p>}
            <dl className="mt-1 grid gap-1 text-sm">
              {row.changes.map((change) => (
                <div key={change.field}>
                  <dt className="font-semibold">{placeLabel(change.field)}</dt>
                  <dd className="break-words">
                    {change.runs.map(([how, words], run) => (
                      <Run key={run} how={how} words={words} />
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
            {index > 0 && (
              <PostForm action={`/team/site/${entry}/restore`} csrf={csrf} className="mt-2">
                <input type="hidden" name="_publish" value={row.id} />
                <input type="hidden" name="_base" value={base} />
                <input type="hidden" name="_revision" value={draft?.revision ?? 0} />
                <button className="team-button-quiet">
                  Restore this version<span className="sr-only"> of {formatTime(row.at, viewer.zone)}</span>
                </button>
              </PostForm>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
