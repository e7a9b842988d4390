import { leadFormNames } from '@growmail/contracts/lead-labels';
import { mayUseRoute } from '@growmail/contracts/team-access';
import { Fragment } from 'react';
import type { QuarantinePage as Page, TeamViewer } from '@growmail/contracts/team';
import { FormProblems, formatTime, Notice, PageTitle, PostForm } from './team-parts';

type Props = Omit<Page, 'view'> & { csrf: string | undefined; viewer: TeamViewer };

const formNames = Object.fromEntries(leadFormNames) as Record<string, string>;

/** A lead a release made, as its notice links it: "Ada Obi's demo request". */
const leadWords = (lead: { name: string; form: string }) =>
  `${lead.name}’s ${(formNames[lead.form] ?? lead.form).toLowerCase()}`;

/**
 * Posts held as spam (D41), in the team's words: each with who sent it, the demo time they asked
 * for in the member's zone, and why it was held. Sales ticks posts and releases or deletes them;
 * a release's notice links to the leads it made. A held demo request whose slot is gone comes
 * back with the open times to pick.
 */
export function QuarantinePage({ csrf, viewer, rows, next, notice, released, selection, pick, confirmDelete }: Props) {
  const works = mayUseRoute(viewer, 'POST /team/quarantine');
  const ticked = new Set(selection?.ticked);
  const pickProblem = pick?.form?.problems.slot;
  const selectionProblem = selection?.problems.ids ?? selection?.problems.action;
  return (
    <>
      <PageTitle>Held as spam</PageTitle>
      <p className="mb-4 text-ink-700">
        Posts the spam screening held back instead of making them leads. The senders were not told; each is kept 30
        days. Release a real one to make it a lead.
      </p>
      {notice && (
        <Notice>
          {notice}
          {released && released.length > 0 && (
            <>
              {' '}
              {released.length === 1 ? 'Open the lead it became: ' : 'Open the leads they became: '}
              {released.map((lead, index) => (
                <Fragment key={lead.id}>
                  {index > 0 && ', '}
                  <a href={`/team/leads/${lead.id}`} className="team-link">
                    {leadWords(lead)}
                  </a>
                </Fragment>
              ))}
              .
            </>
          )}
        </Notice>
      )}
      <FormProblems refused={pick?.form} what="time" />
      {selection && selectionProblem && <FormProblems refused={selection} what="selection" />}
      {confirmDelete && (
        <section id="confirm-delete" className="team-card mb-6 border-red-300" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="mb-2 text-lg font-semibold">
            {confirmDelete.length === 1 ? 'Delete this held post?' : `Delete these ${confirmDelete.length} held posts?`}
          </h2>
          <ul className="mb-2 list-disc pl-5">
            {confirmDelete.map((post) => (
              <li key={post.id} className="break-words">
                {post.name} · {formNames[post.form] ?? post.form}
              </li>
            ))}
          </ul>
          <p className="mb-4 text-ink-700">
            They are deleted now, not after 30 days, and never become leads. Nobody is mailed: the senders were never
            told their posts were held. This cannot be undone.
          </p>
          <PostForm action="/team/quarantine" csrf={csrf} className="flex flex-wrap items-center gap-3">
            {confirmDelete.map((post) => (
              <input key={post.id} type="hidden" name="ids" value={post.id} />
            ))}
            <input type="hidden" name="confirm" value="yes" />
            <button name="action" value="delete" className="team-button">
              Delete for good
            </button>
            <a href="/team/quarantine" className="team-link">
              Keep them
            </a>
          </PostForm>
        </section>
      )}
      {pick && (
        <PostForm
          action={`/team/quarantine/${pick.id}/release`}
          csrf={csrf}
          className="team-card mb-6"
          aria-labelledby="pick-heading"
        >
          <h2 id="pick-heading" className="mb-2 text-lg font-semibold">
            The time {pick.name} asked for is gone
          </h2>
          <p className="mb-3 text-ink-700">
            They asked for {pick.asked ? formatTime(pick.asked, viewer.zone) : 'a time'}. Choose another open time (the
            two-hour notice does not apply), or release it as a request without a slot.
          </p>
          <label htmlFor="pick-slot" className="team-label">
            Book it at
          </label>
          {pickProblem && (
            <p id="pick-slot-problem" className="mb-1 text-sm text-red-900">
              {pickProblem}
            </p>
          )}
          <select
            id="pick-slot"
            name="slot"
            className="team-input mb-3"
            defaultValue={pick.form?.values.slot}
            {...(pickProblem ? { 'aria-invalid': true, 'aria-describedby': 'pick-slot-problem' } : {})}
          >
            {pick.slots.map((slot) => (
              <option key={slot} value={slot}>
                {formatTime(slot, viewer.zone)}
              </option>
            ))}
            <option value="none">No time: release it as a request without a slot</option>
          </select>
          <button className="team-button">Release</button>
        </PostForm>
      )}
      {rows.length === 0 ? (
        <p className="team-card text-ink-700">Nothing is held.</p>
      ) : (
        <PostForm action="/team/quarantine" csrf={csrf}>
          {selectionProblem && (
            <p id="held-problem" className="mb-2 text-red-900">
              {selectionProblem}
            </p>
          )}
          <ul
            className="mb-4 grid gap-3"
            aria-label="Held posts, newest first"
            {...(selectionProblem ? { 'aria-describedby': 'held-problem' } : {})}
          >
            {rows.map((row) => (
              <li key={row.id} className="team-card">
                <div className="flex items-start gap-3">
                  {works && (
                    <input
                      type="checkbox"
                      name="ids"
                      value={row.id}
                      id={`held-${row.id}`}
                      className="mt-1 size-6 shrink-0 accent-brand-700"
                      defaultChecked={ticked.has(row.id)}
                      aria-describedby={selectionProblem ? `held-problem why-${row.id}` : `why-${row.id}`}
                    />
                  )}
                  <div className="min-w-0">
                    <label htmlFor={works ? `held-${row.id}` : undefined} className="font-semibold break-words">
                      {row.name || row.email}
                      {row.company && `, ${row.company}`} · {formNames[row.form] ?? row.form}
                    </label>
                    <p className="text-sm break-words text-ink-700">
                      From {row.email} · sent {formatTime(row.sentAt, viewer.zone)} · in{' '}
                      {row.language === 'fr' ? 'French' : 'English'}
                    </p>
                    {row.asked && (
                      <p className="text-sm break-words">
                        Asked for a demo on {formatTime(row.asked.start, viewer.zone)} your time (
                        {formatTime(row.asked.start, row.asked.zone)} their time, {row.asked.zone})
                      </p>
                    )}
                    <p id={`why-${row.id}`} className="text-sm text-red-900">
                      Held because: {row.reasons.join('; ')}
                    </p>
                    <details className="mt-2 text-sm">
                      <summary className="cursor-pointer text-brand-700">What they sent</summary>
                      <dl className="mt-2 grid gap-x-3 sm:grid-cols-[auto_1fr]">
                        {row.fields.map(({ label, value }) => (
                          <Fragment key={label}>
                            <dt className="font-semibold">{label}</dt>
                            <dd className="break-words whitespace-pre-line" lang={row.language}>
                              {Array.isArray(value) ? value.join(', ') : value}
                            </dd>
                          </Fragment>
                        ))}
                      </dl>
                    </details>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          {works && (
            <div className="flex flex-wrap gap-2">
              <button name="action" value="release" className="team-button">
                Release the ticked posts
              </button>
              <button name="action" value="delete" className="team-button-quiet">
                Delete the ticked posts…
              </button>
            </div>
          )}
        </PostForm>
      )}
      {next && (
        <p className="mt-4">
          <a href={`/team/quarantine?${new URLSearchParams({ after: next }).toString()}`} className="team-button-quiet">
            Older posts
          </a>
        </p>
      )}
    </>
  );
}
