import type { FormProblems as Refused, TeamPage, TeamSignIn, TeamViewer } from '@growmail/contracts/team';
import { AlertsSection } from './alerts-section';
import { Field, FormProblems, formatTime, Notice, PageTitle, PostForm, Problem } from './team-parts';

type Props = {
  csrf: string | undefined;
  viewer: TeamViewer;
  passkeys: Array<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>;
  sessions: Array<{ method: TeamSignIn; createdAt: string; lastSeenAt: string }>;
  alerts: Extract<TeamPage, { view: 'account' }>['alerts'];
  notice?: string | undefined;
  problem?: string | undefined;
  rename?: ({ id: string } & Refused) | undefined;
};

/**
 * A member's passkeys and sessions (D41): name, add and remove passkeys (never the last), sign out
 * everywhere; and their alerts of leads on each device (issue 54).
 */
export function AccountPage({ csrf, viewer, passkeys, sessions, alerts, notice, problem, rename }: Props) {
  const withPasskey = viewer.method === 'passkey';
  return (
    <>
      <PageTitle>Your account</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      {problem && <Problem>{problem}</Problem>}
      <FormProblems refused={rename} what="passkey’s new name" />
      <section className="team-card mb-4" aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading" className="mb-3 text-lg font-semibold">
          Passkeys
        </h2>
        {!withPasskey && <p className="mb-3 text-ink-700">Sign in with a passkey to add, rename or remove one.</p>}
        <ul className="mb-4 grid gap-3">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="grid gap-2 border-b border-ink-100 pb-3">
              <p>
                <span className="font-semibold">{passkey.name}</span>, added{' '}
                {formatTime(passkey.createdAt, viewer.zone)}
                {passkey.lastUsedAt && `, last used ${formatTime(passkey.lastUsedAt, viewer.zone)}`}
              </p>
              {withPasskey && (
                <div className="flex flex-wrap gap-2">
                  <PostForm
                    action={`/team/account/passkeys/${passkey.id}/rename`}
                    csrf={csrf}
                    className="flex flex-wrap items-end gap-2"
                    noValidate
                  >
                    <Field
                      form={`rename-${passkey.id}`}
                      name="name"
                      label="New name"
                      defaultValue={passkey.name}
                      refused={rename?.id === passkey.id ? rename : undefined}
                      maxLength={60}
                    />
                    <button className="team-button-quiet">Rename</button>
                  </PostForm>
                  {passkeys.length > 1 && (
                    <PostForm action={`/team/account/passkeys/${passkey.id}/remove`} csrf={csrf} className="self-end">
                      <button className="team-button-quiet" aria-label={`Remove ${passkey.name}`}>
                        Remove
                      </button>
                    </PostForm>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
        {withPasskey && (
          <form data-add-passkey hidden className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor="new-passkey" className="team-label">
                Name for a new passkey
              </label>
              <input id="new-passkey" name="name" className="team-input" maxLength={60} defaultValue="Another device" />
            </div>
            <button className="team-button">Add a passkey</button>
            <p role="alert" className="w-full text-red-900 empty:hidden" data-passkey-problem></p>
          </form>
        )}
      </section>
      <AlertsSection csrf={csrf} viewer={viewer} {...alerts} />
      <section className="team-card" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="mb-3 text-lg font-semibold">
          Sessions
        </h2>
        <ul className="mb-4 grid gap-1">
          {sessions.map((session, index) => (
            <li key={index}>
              {session.method === 'passkey' ? 'Passkey' : 'Mailed link'}, opened{' '}
              {formatTime(session.createdAt, viewer.zone)}, last seen {formatTime(session.lastSeenAt, viewer.zone)}
            </li>
          ))}
        </ul>
        <PostForm action="/team/sign-out-everywhere" csrf={csrf}>
          <button className="team-button-quiet">Sign out everywhere</button>
        </PostForm>
      </section>
    </>
  );
}
