import type { FormProblems as Refused } from '@growmail/contracts/team';
import { CsrfField, Field, FormProblems, Notice, PageTitle, PostForm } from './team-parts';

type Props = {
  csrf: string | undefined;
  notice?: string | undefined;
  form?: Refused | undefined;
  confirmErasure?: { email: string } | undefined;
};

/** Erasing a person's data (admin, D29, D41): the same erasure as `npm run people -- erase`. */
export function PeoplePage({ csrf, notice, form, confirmErasure }: Props) {
  return (
    <>
      <PageTitle>A person’s data</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      {confirmErasure && (
        <section className="team-card mb-6 max-w-lg border-red-300" aria-labelledby="confirm-erase-heading">
          <h2 id="confirm-erase-heading" className="mb-2 text-lg font-semibold break-words">
            {`Erase everything about ${confirmErasure.email}?`}
          </h2>
          <p className="mb-4 text-ink-700">
            Their leads with the team’s notes, held posts, newsletter membership, mail waiting to go, webhook events and
            demo bookings are deleted now, and the address goes on the suppression list, so nothing is sent to it again.
            Nobody is mailed, not even them: a booked demo is deleted without a cancellation, so tell them first if they
            expect one. This cannot be undone.
          </p>
          <PostForm action="/team/people/erase" csrf={csrf} className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="email" value={confirmErasure.email} />
            <input type="hidden" name="confirm" value="erase" />
            <input type="hidden" name="confirmed" value="yes" />
            <button className="team-button">Erase for good</button>
            <a href="/team/people" className="team-link">
              Keep it
            </a>
          </PostForm>
        </section>
      )}
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
          <button className="team-button">Erase…</button>
        </div>
      </form>
    </>
  );
}
