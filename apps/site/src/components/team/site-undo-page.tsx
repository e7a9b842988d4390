import type { SiteUndoPage as Page, TeamViewer } from '@growmail/contracts/team';
import { formatTime, PageTitle, Problem, PostForm } from './team-parts';

type Props = { viewer: TeamViewer; csrf: string | undefined; last: Page['last']; problem: Page['problem'] };

/** "Undo the last publish", asked before it is done (D44): what it takes back, and what visitors see again. */
export function SiteUndoPage({ viewer, csrf, last, problem }: Props) {
  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/team/site" className="team-link">
          Site
        </a>
      </p>
      <PageTitle>Undo the last publish</PageTitle>
      {problem && <Problem>{problem}</Problem>}
      {last && (
        <section className="team-card border-red-300" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="mb-2 text-lg font-semibold">
            Undo the publish of {last.entries.join(', ')} by {last.by}, {formatTime(last.at, viewer.zone)}?
          </h2>
          <p className="mb-2 text-ink-700">
            Visitors see the site as it was before it again:{' '}
            {last.back === 'release' ? 'the release’s own words' : 'the version published before'}, on this server at
            once and on every other within a minute. Nothing is rebuilt, since that version passed its checks when it
            was published.
          </p>
          <p className="mb-4 text-ink-700">
            The words it published are kept in each entry’s history, where “Restore this version” makes them a draft
            again.
          </p>
          <PostForm action="/team/site/undo" csrf={csrf} className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="publish" value={last.id} />
            <button className="team-button">Undo this publish</button>
            <a href="/team/site" className="team-link">
              Keep it
            </a>
          </PostForm>
        </section>
      )}
    </>
  );
}
