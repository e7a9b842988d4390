import type { HistoryRow, TeamViewer } from '@growmail/contracts/team';
import { formatTime, PageTitle } from './team-parts';

/** Every change, newest first (admin, D41): who, how signed in, what, on which record, when. */
export function AuditPage({
  viewer,
  rows,
  next,
}: {
  viewer: TeamViewer;
  rows: HistoryRow[];
  next?: string | undefined;
}) {
  return (
    <>
      <PageTitle>Audit</PageTitle>
      {rows.length === 0 ? (
        <p className="team-card text-ink-700">No changes yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Changes, newest first">
          {rows.map((row, index) => (
            <li key={index} className="team-card grid gap-1 text-sm">
              <p>
                <span className="font-semibold">{row.who}</span> ({row.method}): {row.action}
              </p>
              <p className="break-words text-ink-700">
                {row.record} · {formatTime(row.at, viewer.zone)}
                {row.detail && ` · ${row.detail}`}
              </p>
            </li>
          ))}
        </ol>
      )}
      {next && (
        <p className="mt-4">
          <a href={`/team/audit?before=${encodeURIComponent(next)}`} className="team-button-quiet">
            Older changes
          </a>
        </p>
      )}
    </>
  );
}
