import type { FormProblems as Refused } from '@growmail/contracts/team';
import { CsrfField, Field, FormProblems, Notice, PageTitle } from './team-parts';

type Props = {
  csrf: string | undefined;
  notice?: string | undefined;
  form?: Refused | undefined;
};

/** Erasing a person's data (admin, D29, D41): the same erasure as `npm run people -- erase`. */
export function PeoplePage({ csrf, notice, form }: Props) {
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
        <FormProblems refused={form} what="erasure" />
        <CsrfField csrf={csrf} />
        <Field form="erase" name="email" label="Address" type="email" autoComplete="off" refused={form} />
        <Field form="erase" name="confirm" label="Type erase to confirm" autoComplete="off" refused={form} />
        <div>
          <button className="team-button">Erase</button>
        </div>
      </form>
    </>
  );
}
