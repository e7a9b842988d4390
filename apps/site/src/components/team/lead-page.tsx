import { Fragment } from 'react';
import type { TeamPage, TeamViewer } from '@growmail/contracts/team';
import { CsrfField, formatTime, Notice, PageTitle, Problem } from './team-parts';

type Props = Omit<Extract<TeamPage, { view: 'lead' }>, 'view'> & { csrf: string | undefined; viewer: TeamViewer };

const actionText: Record<string, string> = {
  'lead.assigned': 'assigned it',
  'lead.handled': 'marked it handled',
  'lead.reopened': 'reopened it',
  'lead.noted': 'added a note',
  'lead.released': 'released it from the quarantine',
};

/** One lead: every field, its language, what the team did with it, and (for sales) what to do next. */
export function LeadPage({ csrf, viewer, lead, booking, notes, history, members, notice, problem, noteForm }: Props) {
  const works = viewer.role !== 'viewer';
  return (
    <>
      <p className="mb-2">
        <a href="/team/leads" className="team-link">
          All leads
        </a>
      </p>
      <PageTitle>{lead.name || lead.email}</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      {problem && <Problem>{problem}</Problem>}
      <div className="grid gap-4 lg:grid-cols-3">
        <section className="team-card lg:col-span-2" aria-labelledby="fields-heading">
          <h2 id="fields-heading" className="mb-3 text-lg font-semibold">
            What they sent
          </h2>
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[minmax(8rem,auto)_1fr]">
            <dt className="font-semibold">Address</dt>
            <dd className="break-words">{lead.email}</dd>
            <dt className="font-semibold">Form</dt>
            <dd>{lead.form}</dd>
            <dt className="font-semibold">Language</dt>
            <dd>{lead.language === 'fr' ? 'French' : 'English'}</dd>
            <dt className="font-semibold">Received</dt>
            <dd>{formatTime(lead.receivedAt, viewer.zone)}</dd>
            {booking && (
              <>
                <dt className="font-semibold">Demo</dt>
                <dd>
                  {booking.status === 'cancelled' ? 'Cancelled: ' : ''}
                  {formatTime(booking.start, viewer.zone)} ({formatTime(booking.start, booking.zone)} their time,{' '}
                  {booking.zone}) ·{' '}
                  <a href="/team/demos" className="team-link">
                    Demos
                  </a>
                </dd>
              </>
            )}
            {lead.fields.map(([name, value]) => (
              <Fragment key={name}>
                <dt className="font-semibold">{name}</dt>
                <dd className="break-words whitespace-pre-line" lang={lead.language}>
                  {value}
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
        <section className="team-card" aria-labelledby="work-heading">
          <h2 id="work-heading" className="mb-3 text-lg font-semibold">
            {lead.status === 'handled' ? 'Handled' : 'New'} ·{' '}
            {lead.assignee ? `Assigned to ${lead.assignee}` : 'Unassigned'}
          </h2>
          {works && (
            <>
              <form method="post" action={`/team/leads/${lead.id}/assign`} className="mb-4">
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
              <form method="post" action={`/team/leads/${lead.id}/status`} className="mb-4">
                <CsrfField csrf={csrf} />
                <input type="hidden" name="status" value={lead.status === 'handled' ? 'new' : 'handled'} />
                <button className="team-button w-full">
                  {lead.status === 'handled' ? 'Reopen' : 'Mark as handled'}
                </button>
              </form>
              <form method="post" action={`/team/leads/${lead.id}/notes`}>
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
      </div>
      <section className="team-card mt-4" aria-labelledby="notes-heading">
        <h2 id="notes-heading" className="mb-3 text-lg font-semibold">
          Notes and history
        </h2>
        {notes.length === 0 && history.length === 0 ? (
          <p className="text-ink-700">Nothing yet.</p>
        ) : (
          <ul className="grid gap-2">
            {notes.map((item, index) => (
              <li key={`note-${index}`}>
                <span className="font-semibold">{item.who}</span> noted, {formatTime(item.at, viewer.zone)}:{' '}
                <span className="whitespace-pre-line">{item.text}</span>
              </li>
            ))}
            {history.map((item, index) => (
              <li key={`history-${index}`} className="text-ink-700">
                {item.who} {actionText[item.action] ?? item.action}
                {item.method === 'link' && ' (signed in by link)'}, {formatTime(item.at, viewer.zone)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
