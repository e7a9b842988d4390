import type { TeamPagePath } from '@growmail/contracts/team-access';
import { PageTitle } from './team-parts';

/** The way back's words, by the page a role lands on. */
const backLabels: Partial<Record<TeamPagePath, string>> = {
  '/team/leads': 'Back to the leads',
  '/team/site': 'Back to the site’s content',
  '/team/marketing': 'Back to the Marketing page',
  '/team/account': 'Back to your account',
};

/** An answer that is not the page asked for: signed out, not allowed, not found, or the database away. */
export function ProblemPage({
  status,
  title,
  message,
  landing,
}: {
  status: number;
  title: string;
  message: string;
  /** The page the signed-in member's role lands on; absent when nobody is signed in. */
  landing?: TeamPagePath | undefined;
}) {
  return (
    <div className="team-card mx-auto max-w-lg">
      <PageTitle>{title}</PageTitle>
      <p className="mb-4 text-ink-700">{message}</p>
      <p className="text-sm text-ink-700">Status {status}</p>
      <p className="mt-4">
        <a href={landing ?? '/team/sign-in'} className="team-link">
          {landing ? (backLabels[landing] ?? 'Back to the console') : 'Go to sign-in'}
        </a>
      </p>
    </div>
  );
}
