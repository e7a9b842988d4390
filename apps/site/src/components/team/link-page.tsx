import { PageTitle, PostForm, Problem } from './team-parts';

type Props = {
  csrf: string | undefined;
  purpose: 'enrol' | 'sign-in';
  token: string;
  name: string;
  problem?: string | undefined;
};

/**
 * A mailed link's page (D41): one button that posts, so a mail scanner's GET changes nothing.
 * For an enrolment, script creates the passkey when the button is pressed.
 */
export function LinkPage({ csrf, purpose, token, name, problem }: Props) {
  const enrol = purpose === 'enrol';
  return (
    <div className="team-card mx-auto max-w-md">
      <PageTitle>{enrol ? `Welcome, ${name}` : `Sign in as ${name}`}</PageTitle>
      {problem && <Problem>{problem}</Problem>}
      <p className="mb-4 text-ink-700">
        {enrol
          ? 'Press the button to create a passkey for the Growmail team console on this device. Your device will ask for your fingerprint, face, screen lock or PIN.'
          : 'Press the button to sign in on this device. The link then stops working.'}
      </p>
      {enrol && (
        <p className="mb-4 text-ink-700">
          A security key without a PIN cannot be used: set a PIN on it first. Until you have a passkey, you can sign in
          with a link by mail from the{' '}
          <a href="/team/sign-in" className="team-link">
            sign-in page
          </a>
          , though only a passkey can export, erase or manage the team.
        </p>
      )}
      <PostForm action={enrol ? '/team/enrol' : '/team/link'} csrf={csrf} data-enrol={enrol ? '' : undefined}>
        <input type="hidden" name="token" value={token} />
        <button className="team-button w-full">{enrol ? 'Create a passkey and sign in' : 'Sign in'}</button>
        <p role="alert" className="mt-3 text-red-900 empty:hidden" data-passkey-problem></p>
      </PostForm>
    </div>
  );
}

export function LinkInvalidPage({ purpose }: { purpose: 'enrol' | 'sign-in' }) {
  return (
    <div className="team-card mx-auto max-w-md">
      <PageTitle>This link no longer works</PageTitle>
      <p className="mb-4 text-ink-700">
        {purpose === 'enrol'
          ? 'An invitation works once, for 24 hours. Ask an admin to invite you again.'
          : 'A sign-in link works once, for 15 minutes.'}
      </p>
      <a href="/team/sign-in" className="team-link">
        Go to sign-in
      </a>
    </div>
  );
}
