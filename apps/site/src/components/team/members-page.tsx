import { teamRoles, type TeamMemberRow, type TeamViewer } from '@growmail/contracts/team';
import { Field, FormProblems, Notice, PageTitle, PostForm } from './team-parts';

type Props = {
  csrf: string | undefined;
  viewer: TeamViewer;
  members: TeamMemberRow[];
  notice?: string | undefined;
  problems?: Record<string, string> | undefined;
  values?: Record<string, string> | undefined;
  confirmRemoval?: { memberId: string; memberName: string; passkeyId: string; passkeyName: string } | undefined;
  confirmMemberRemoval?:
    { memberId: string; memberName: string; email: string; role: string; demoHost: boolean } | undefined;
};

const fields = [
  ['email', 'Work address', 'email'],
  ['name', 'Name', 'text'],
  ['zone', 'Time zone', 'text'],
] as const;

/** The team's members (admin, D41): invite by mail, change a role, remove a lost device's passkey, remove. */
export function MembersPage(props: Props) {
  const { csrf, viewer, members, notice, problems, values, confirmRemoval, confirmMemberRemoval } = props;
  const refused = problems && { problems, values: values ?? {} };
  const changes = viewer.method === 'passkey';
  return (
    <>
      <PageTitle>Members</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      {confirmRemoval && (
        <section className="team-card mb-6 border-red-300" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="mb-2 text-lg font-semibold">
            {`Remove the passkey “${confirmRemoval.passkeyName}” of ${confirmRemoval.memberName}?`}
          </h2>
          <p className="mb-4 text-ink-700">
            It stops working at once, and every session of {confirmRemoval.memberName} ends with any sign-in link mailed
            to them. They can still sign in with another passkey or a link by mail; if this was their last passkey,
            invite them again to create one.
          </p>
          <PostForm
            action={`/team/members/${confirmRemoval.memberId}/passkeys/${confirmRemoval.passkeyId}/remove`}
            csrf={csrf}
            className="flex flex-wrap items-center gap-3"
          >
            <input type="hidden" name="confirm" value="yes" />
            <button className="team-button">Remove the passkey</button>
            <a href="/team/members" className="team-link">
              Keep it
            </a>
          </PostForm>
        </section>
      )}
      {confirmMemberRemoval && (
        <section className="team-card mb-6 border-red-300" aria-labelledby="confirm-member-heading">
          <h2 id="confirm-member-heading" className="mb-2 text-lg font-semibold">
            {`Remove ${confirmMemberRemoval.memberName} (${confirmMemberRemoval.role}) from the team?`}
          </h2>
          <p className="mb-4 text-ink-700">
            {confirmMemberRemoval.memberName} ({confirmMemberRemoval.email}) can no longer sign in: their passkeys,
            sessions and any sign-in link end at once, their devices get no more alerts, and the leads assigned to them
            become unassigned. The audit keeps their name. Nobody is mailed, not even them. To bring them back, invite
            them again.
          </p>
          {confirmMemberRemoval.demoHost && (
            <p className="mb-4 text-ink-700">
              {confirmMemberRemoval.memberName} also hosts demos: /demo keeps offering times with them, and their demos
              stay theirs, until you remove them as a host on the Demos page.
            </p>
          )}
          <PostForm
            action={`/team/members/${confirmMemberRemoval.memberId}/remove`}
            csrf={csrf}
            className="flex flex-wrap items-center gap-3"
          >
            <input type="hidden" name="confirm" value="yes" />
            <button className="team-button">Remove {confirmMemberRemoval.memberName}</button>
            <a href="/team/members" className="team-link">
              Keep them
            </a>
          </PostForm>
        </section>
      )}
      <FormProblems refused={refused} what="invitation" />
      {!changes && (
        <p className="mb-4 text-ink-700">Sign in with a passkey to invite, change roles or remove members.</p>
      )}
      <ul className="mb-6 grid gap-3">
        {members.map((member) => (
          <li key={member.id} className="team-card grid gap-2 sm:grid-cols-[1fr_auto]">
            <div className="min-w-0">
              <p className="font-semibold">{member.name}</p>
              <p className="text-sm break-words text-ink-700">
                {member.email} · {member.role} · {member.zone}
              </p>
              <p className="text-sm text-ink-700">
                {member.passkeys?.length ?? 0} passkey{member.passkeys?.length === 1 ? '' : 's'} ·{' '}
                {member.sessions ?? 0} live session
                {member.sessions === 1 ? '' : 's'}
              </p>
              {changes && member.id !== viewer.id && (member.passkeys?.length ?? 0) > 0 && (
                <ul className="mt-1 grid gap-1 text-sm" aria-label={`Passkeys of ${member.name}`}>
                  {member.passkeys!.map((passkey) => (
                    <li key={passkey.id} className="flex flex-wrap items-center gap-2">
                      <span className="break-words">{passkey.name}</span>
                      <PostForm action={`/team/members/${member.id}/passkeys/${passkey.id}/remove`} csrf={csrf}>
                        <button
                          className="team-button-quiet"
                          aria-label={`Remove passkey ${passkey.name} of ${member.name}, and end their sessions`}
                        >
                          Remove passkey
                        </button>
                      </PostForm>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {changes && member.id !== viewer.id && (
              <div className="flex flex-wrap items-end gap-2">
                <PostForm action={`/team/members/${member.id}/role`} csrf={csrf} className="flex items-end gap-2">
                  <div>
                    <label htmlFor={`role-${member.id}`} className="team-label">
                      Role
                    </label>
                    <select id={`role-${member.id}`} name="role" defaultValue={member.role} className="team-input">
                      {teamRoles.map((role) => (
                        <option key={role}>{role}</option>
                      ))}
                    </select>
                  </div>
                  <button className="team-button-quiet">Change</button>
                </PostForm>
                {(member.sessions ?? 0) > 0 && (
                  <PostForm action={`/team/members/${member.id}/sign-out`} csrf={csrf}>
                    <button className="team-button-quiet" aria-label={`End sessions of ${member.name}`}>
                      End sessions
                    </button>
                  </PostForm>
                )}
                <PostForm action={`/team/members/${member.id}/remove`} csrf={csrf}>
                  <button className="team-button-quiet" aria-label={`Remove ${member.name}…`}>
                    Remove…
                  </button>
                </PostForm>
              </div>
            )}
          </li>
        ))}
      </ul>
      {changes && (
        <PostForm
          action="/team/members"
          csrf={csrf}
          className="team-card grid gap-3 sm:grid-cols-2"
          noValidate
          aria-labelledby="invite-heading"
        >
          <h2 id="invite-heading" className="text-lg font-semibold sm:col-span-2">
            Invite a member
          </h2>
          {fields.map(([name, label, type]) => (
            <Field
              key={name}
              form="invite"
              name={name}
              label={label}
              type={type}
              refused={refused}
              defaultValue={name === 'zone' ? 'Africa/Lagos' : ''}
            />
          ))}
          <div>
            <label htmlFor="invite-role" className="team-label">
              Role
            </label>
            <select id="invite-role" name="role" defaultValue={values?.role ?? 'sales'} className="team-input">
              {teamRoles.map((role) => (
                <option key={role}>{role}</option>
              ))}
            </select>
          </div>
          <p className="text-sm text-ink-700 sm:col-span-2">
            The enrolment link goes to their address only. It works once, for 24 hours.
          </p>
          <div>
            <button className="team-button">Send the invitation</button>
          </div>
        </PostForm>
      )}
    </>
  );
}
