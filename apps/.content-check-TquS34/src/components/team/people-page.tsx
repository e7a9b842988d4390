import { CsrfField, Notice, PageTitle, Problem } from './team-parts';

type Props = {
  csrf: string | undefined;
  notice?: string | undefined;
  problem?: string | undefined;
  email?: string | undefined;
};

/** Erasing a person's data (admin, D29, D41): the same erasure as `npm run people -- erase`. */
export function PeoplePage({ csrf, notice, problem, email }: Props) {
  return (
    <>
      <PageTitle>A person’s data</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      <form
        method="post"
        action="/team/people/erase"
        className="team-card grid max-w-lg gap-3"
        noValidate
        aria-labelledby="erase-heading"
      >
        <h2 id="erase-heading" className="text-lg font-semibold">
          Erase everything about an address
        </h2>
        <p className="text-ink-700">
          Their leads with the team’s notes, held posts, newsletter membership, mail, webhook events and demo bookings
          are deleted. Where others named the address, and in the audit, it becomes [erased]; the audit’s rows stay.
          This cannot be undone.
        </p>
        {problem && <Problem id="erase-problem">{problem}</Problem>}
        <CsrfField csrf={csrf} />
        <div>
          <label htmlFor="erase-email" className="team-label">
            Address
          </label>
          <input
            id="erase-email"
            name="email"
            type="email"
            className="team-input"
            defaultValue={email ?? ''}
            autoComplete="off"
          />
        </div>
        <div>
          <label htmlFor="erase-confirm" className="team-label">
            Type erase to confirm
          </label>
          <input id="erase-confirm" name="confirm" className="team-input" autoComplete="off" />
        </div>
        <div>
          <button className="team-button">Erase</button>
        </div>
      </form>
    </>
  );
}
