import { Notice, PageTitle, PostForm, Problem } from './team-parts';

type Props = {
  csrf: string | undefined;
  notice?: string | undefined;
  problem?: string | undefined;
  email?: string | undefined;
};

/**
 * Sign-in (D41): a passkey with script, or a one-time link mailed to the member's own address,
 * which works without script or passkey. The passkey button stays hidden until the script shows it.
 */
export function SignInPage({ csrf, notice, problem, email }: Props) {
  return (
    <div className="mx-auto max-w-md">
      <PageTitle>Sign in</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      <section className="team-card mb-6" aria-labelledby="passkey-heading" data-passkey-section hidden>
        <h2 id="passkey-heading" className="mb-2 text-lg font-semibold">
          With a passkey
        </h2>
        <p className="mb-4 text-ink-700">
          Your device asks for your fingerprint, face, screen lock or PIN. No address to type. A security key without a
          PIN cannot sign in: set a PIN on it, or use a link by mail below.
        </p>
        <button type="button" className="team-button w-full" data-passkey-sign-in>
          Sign in with a passkey
        </button>
        <p role="alert" className="mt-3 text-red-900 empty:hidden" data-passkey-problem></p>
      </section>
      <section className="team-card" aria-labelledby="link-heading">
        <h2 id="link-heading" className="mb-2 text-lg font-semibold">
          With a link by mail
        </h2>
        <p className="mb-4 text-ink-700">
          For a device without your passkey. A session opened this way cannot export, erase, invite, change roles or add
          passkeys.
        </p>
        {problem && <Problem id="email-problem">{problem}</Problem>}
        <PostForm action="/team/sign-in/link" csrf={csrf} noValidate>
          <label htmlFor="email" className="team-label">
            Your work address
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={email ?? ''}
            className="team-input mb-4"
            {...(problem ? { 'aria-invalid': true, 'aria-describedby': 'email-problem' } : {})}
          />
          <button className="team-button-quiet w-full">Email me a sign-in link</button>
        </PostForm>
      </section>
    </div>
  );
}
