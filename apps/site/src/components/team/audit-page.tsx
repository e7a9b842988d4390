import type { AuditLine, SentencePart, TeamViewer } from '@growmail/contracts/team';
import { formatTime, PageTitle } from './team-parts';

function Part({ part, zone }: { part: SentencePart; zone: string }) {
  if (typeof part === 'string') return part;
  if ('time' in part) return <time dateTime={part.time}>{formatTime(part.time, zone)}</time>;
  return (
    <a href={part.href} className="team-link">
      {part.text}
    </a>
  );
}

/**
 * Every change, newest first (admin, D41), as sentences with names rather than codes and ids
 * (issue 54): who did what to whom, and when, in the member's zone.
 */
export function AuditPage({
  viewer,
  rows,
  next,
}: {
  viewer: TeamViewer;
  rows: AuditLine[];
  next?: string | undefined;
}) {
  return (
    <>
      <PageTitle>Audit</PageTitle>
      <p className="mb-4 text-ink-700">Every change the team made, newest first, kept a year. Times are yours.</p>
      {rows.length === 0 ? (
        <p className="team-card text-ink-700">No changes yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Changes, newest first">
          {rows.map((row, index) => (
            <li key={index} className="team-card grid gap-1 text-sm">
              <p className="break-words">
                {row.sentence.map((part, at) => (
                  <Part key={at} part={part} zone={viewer.zone} />
                ))}
                .
              </p>
              <p className="text-ink-700">
                <time dateTime={row.at}>{formatTime(row.at, viewer.zone)}</time>
                {row.how && ` · ${row.how}`}
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
