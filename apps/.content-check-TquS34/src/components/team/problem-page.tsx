import { PageTitle } from './team-parts';

/** An answer that is not the page asked for: signed out, not allowed, not found, or the database away. */
export function ProblemPage({
  status,
  title,
  message,
  signedIn,
}: {
  status: number;
  title: string;
  message: string;
  signedIn: boolean;
}) {
  return (
    <div className="team-card mx-auto max-w-lg">
      <PageTitle>{title}</PageTitle>
      <p className="mb-4 text-ink-700">{message}</p>
      <p className="text-sm text-ink-700">Status {status}</p>
      <p className="mt-4">
        <a href={signedIn ? '/team/leads' : '/team/sign-in'} className="team-link">
          {signedIn ? 'Back to the leads' : 'Go to sign-in'}
        </a>
      </p>
    </div>
  );
}
