import { mayUseRoute } from '@growmail/contracts/team-access';
import { Fragment } from 'react';
import type { TeamPage, TeamViewer } from '@growmail/contracts/team';
import { leadFormNames } from '@growmail/contracts/lead-labels';
import { CsrfField, formatTime, Notice, PageTitle, PostForm, Problem } from './team-parts';

const formNames = Object.fromEntries(leadFormNames) as Record<string, string>;

type Props = Omit<Extract<TeamPage, { view: 'lead' }>, 'view'> & { csrf: string | undefined; viewer: TeamViewer };

/** A field's value: a list (the services) as one, text as it was written. */
const Value = ({ value, lang }: { value: string | string[]; lang: string }) =>
  Array.isArray(value) ? (
    value.length === 0 ? (
      <dd>None</dd>
    ) : (
      <dd>
        <ul className="list-disc pl-5">
          {value.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </dd>
    )
  ) : (
    <dd className="break-words whitespace-pre-line" lang={lang}>
      {value}
    </dd>
  );

/**
 * One lead in words (issue 54): how to reach them in one tap, what they sent under the form's own
 * labels, where they came from, and its history as sentences, in the member's zone. On a phone,
 * what sales does with it comes first; the way back and the next lead keep the inbox's view.
 */
export function LeadPage({
  csrf,
  viewer,
  lead,
  back,
  search,
  next,
  booking,
  events,
  members,
  notice,
  problem,
  noteForm,
}: Props) {
  const works = mayUseRoute(viewer, 'POST /team/leads/:id/notes');
  const query = back ? `?${back}` : '';
  const { reach } = lead;
  return (
    <>
      <nav aria-label="Leads" className="mb-2 flex flex-wrap items-baseline gap-x-4">
        {search === undefined ? (
          <a href={`/team/leads${query}`} className="team-link">
            Back to the list
          </a>
        ) : (
          <PostForm action="/team/leads/search" csrf={csrf}>
            <input type="hidden" name="q" value={search} />
            <button className="team-link">Back to the search</button>
          </PostForm>
        )}
        {next && (
          <a href={`/team/leads/${next}${query}`} className="team-link">
            {search === undefined ? 'Next lead in this view' : 'Next lead in this search'}
          </a>
        )}
      </nav>
      <PageTitle>{lead.name || lead.email}</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      {problem && <Problem>{problem}</Problem>}
      <ul className="mb-4 flex flex-wrap gap-2" aria-label="Reach them">
        {reach.phone?.href && (
          <li>
            <a href={reach.phone.href} className="team-button">
              Call {reach.phone.text}
            </a>
          </li>
        )}
        {reach.phone?.whatsapp && (
          <li>
            <a href={reach.phone.whatsapp} className="team-button-quiet" rel="noreferrer">
              WhatsApp
            </a>
          </li>
        )}
        {reach.email.href && (
          <li>
            <a href={reach.email.href} className="team-button-quiet">
              Email {reach.email.text}
            </a>
          </li>
        )}
      </ul>
      <div className="grid gap-4 lg:grid-cols-3">
        <section className="team-card lg:order-last" aria-labelledby="work-heading">
          <h2 id="work-heading" className="mb-3 text-lg font-semibold">
            {lead.status === 'handled' ? 'Handled' : 'New'} ·{' '}
            {lead.assignee ? `Assigned to ${lead.assignee}` : 'Unassigned'}
          </h2>
          {works && (
            <>
              <form method="post" action={`/team/leads/${lead.id}/assign${query}`} className="mb-4">
                <CsrfField csrf={csrf} />
                <label htmlFor="assignee" className="team-label">
                  Assign to
                </label>
                <select id="assignee" name="assignee" className="team-input mb-2" defaultValue="me">
                  <option value="me">Me</option>
                  <option value="nobody">Nobody</option>
                  {members
                    .filter((member) => member.id !== viewer.id)
                    .map((member) => (
                      <option key={member.id} value={member.id}>
                        {member.name}
                      </option>
                    ))}
                </select>
                <button className="team-button-quiet w-full">Assign</button>
              </form>
              <form method="post" action={`/team/leads/${lead.id}/status${query}`} className="mb-4">
                <CsrfField csrf={csrf} />
                <input type="hidden" name="status" value={lead.status === 'handled' ? 'new' : 'handled'} />
                <button className="team-button w-full">
                  {lead.status === 'handled' ? 'Reopen' : 'Mark as handled'}
                </button>
              </form>
              <form method="post" action={`/team/leads/${lead.id}/notes${query}`}>
                <CsrfField csrf={csrf} />
                <label htmlFor="note" className="team-label">
                  Add a note
                </label>
                {noteForm?.problems.text && (
                  <p id="note-problem" className="mb-1 text-sm text-red-900">
                    {noteForm.problems.text}
                  </p>
                )}
                <textarea
                  id="note"
                  name="text"
                  rows={3}
                  className="team-input mb-2"
                  defaultValue={noteForm?.values.text ?? ''}
                  {...(noteForm?.problems.text ? { 'aria-invalid': true, 'aria-describedby': 'note-problem' } : {})}
                ></textarea>
                <button className="team-button-quiet w-full">Add note</button>
              </form>
            </>
          )}
        </section>
        <section className="team-card lg:col-span-2" aria-labelledby="fields-heading">
          <h2 id="fields-heading" className="mb-3 text-lg font-semibold">
            What they sent
          </h2>
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[minmax(8rem,auto)_1fr]">
            <dt className="font-semibold">Address</dt>
            <dd className="break-words">{reach.email.text}</dd>
            {reach.phone && (
              <>
                <dt className="font-semibold">Phone</dt>
                <dd>{reach.phone.text}</dd>
              </>
            )}
            {lead.fields.map(({ label, value }) => (
              <Fragment key={label}>
                <dt className="font-semibold">{label}</dt>
                <Value value={value} lang={lead.language} />
              </Fragment>
            ))}
            {lead.asked && (
              <>
                <dt className="font-semibold">Demo asked for</dt>
                <dd>
                  {formatTime(lead.asked.start, viewer.zone)} your time ({formatTime(lead.asked.start, lead.asked.zone)}{' '}
                  their time, {lead.asked.zone})
                </dd>
              </>
            )}
            {booking && (
              <>
                <dt className="font-semibold">Demo</dt>
                <dd>
                  {booking.status === 'cancelled' ? 'Cancelled: ' : ''}
                  {formatTime(booking.start, viewer.zone)} your time ({formatTime(booking.start, booking.zone)} their
                  time, {booking.zone}) ·{' '}
                  <a href="/team/demos" className="team-link">
                    Demos
                  </a>
                </dd>
              </>
            )}
            <dt className="font-semibold">Form</dt>
            <dd>{formNames[lead.form] ?? lead.form}</dd>
            <dt className="font-semibold">Language</dt>
            <dd>{lead.language === 'fr' ? 'French' : 'English'}</dd>
            <dt className="font-semibold">Received</dt>
            <dd>{formatTime(lead.receivedAt, viewer.zone)}</dd>
          </dl>
          <h3 className="mt-4 mb-2 font-semibold">Where they came from</h3>
          {lead.origin.length === 0 ? (
            <p className="text-ink-700">Not known: it came before sources were kept, or from elsewhere.</p>
          ) : (
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(8rem,auto)_1fr]">
              {lead.origin.map(([label, value]) => (
                <Fragment key={label}>
                  <dt className="font-semibold">{label}</dt>
                  <dd className="break-words">{value}</dd>
                </Fragment>
              ))}
            </dl>
          )}
        </section>
      </div>
      <section className="team-card mt-4" aria-labelledby="notes-heading">
        <h2 id="notes-heading" className="mb-3 text-lg font-semibold">
          Notes and history
        </h2>
        {events.length === 0 ? (
          <p className="text-ink-700">Nothing yet.</p>
        ) : (
          <ul className="grid gap-2">
            {events.map((event, index) => (
              <li key={index}>
                <span className="font-semibold">{event.who}</span> {event.did}, {formatTime(event.at, viewer.zone)}
                {event.note === undefined ? '.' : ':'}
                {event.note !== undefined && <span className="block whitespace-pre-line">{event.note}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
