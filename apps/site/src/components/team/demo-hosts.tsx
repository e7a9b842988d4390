import type { DemosPage, FormProblems } from '@growmail/contracts/team';
import { PostForm } from './team-parts';

type Removing = NonNullable<DemosPage['removingHost']>;

/** What removing a host does, before it is done (D44): their times leave /demo, and nobody is mailed. */
export function HostRemoval({ removing, csrf }: { removing: Removing; csrf: string | undefined }) {
  const { id, name, email, last } = removing;
  return (
    <section id="remove-host" className="team-card mb-6 border-red-300" aria-labelledby="remove-host-heading">
      <h2 id="remove-host-heading" className="mb-2 text-lg font-semibold">
        Remove {name} as a demo host?
      </h2>
      <p className="mb-3 text-ink-700">
        {last
          ? `${name} is the only host: /demo offers no times at all until you add another.`
          : `/demo stops offering times with ${name}; the other hosts' times stay.`}{' '}
        {`Their past demos keep their name, and nobody is mailed${email ? `, not even ${email}` : ''}. `}
        {email ? 'You can add them again from the team’s members.' : 'You can add it again.'}
      </p>
      <PostForm action={`/team/demos/hosts/${id}/remove`} csrf={csrf} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="confirm" value="yes" />
        <button className="team-button">Remove {name} as a host</button>
        <a href="/team/demos" className="team-link">
          Keep them
        </a>
      </PostForm>
    </section>
  );
}

type HostsProps = {
  hosts: DemosPage['hosts'];
  choices: DemosPage['hostChoices'];
  works: boolean;
  csrf: string | undefined;
  refused: FormProblems | undefined;
};

/** The hosts /demo offers times with, and for sales, a member (or the sales inbox) to add. */
export function Hosts({ hosts, choices, works, csrf, refused }: HostsProps) {
  const problem = refused?.problems.member;
  return (
    <>
      <h2 className="mt-6 mb-3 text-lg font-semibold">Hosts</h2>
      <ul className="mb-4 grid gap-2">
        {hosts.length === 0 && <li className="text-ink-700">No hosts: no times are offered.</li>}
        {hosts.map((host) => (
          <li key={host.id} className="flex flex-wrap items-center gap-2">
            <span>
              {host.name} · {host.email ?? 'the sales inbox'}
              {host.email && !host.member && ' (not a member of the team)'}
            </span>
            {works && (
              <PostForm action={`/team/demos/hosts/${host.id}/remove`} csrf={csrf}>
                <button className="team-button-quiet" aria-label={`Remove ${host.name} as a host…`}>
                  Remove…
                </button>
              </PostForm>
            )}
          </li>
        ))}
      </ul>
      {works && choices.length === 0 && <p className="text-ink-700">Every member of the team is a host.</p>}
      {works && choices.length > 0 && (
        <PostForm action="/team/demos/hosts" csrf={csrf} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="host-member" className="team-label">
              Add a host
            </label>
            {problem && (
              <p id="host-member-problem" className="mb-1 text-sm text-red-900">
                {problem}
              </p>
            )}
            <select
              id="host-member"
              name="member"
              className="team-input"
              defaultValue={refused?.values.member ?? choices[0]!.id}
              {...(problem ? { 'aria-invalid': true, 'aria-describedby': 'host-member-problem' } : {})}
            >
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
          <button className="team-button-quiet">Add the host</button>
        </PostForm>
      )}
    </>
  );
}
