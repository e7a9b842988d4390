import type { DemosPage as Page, TeamViewer } from '@growmail/contracts/team';
import { CsrfField, Field, FormProblems, formatTime, Notice, PageTitle, Problem } from './team-parts';

type Props = Omit<Page, 'view'> & { csrf: string | undefined; viewer: TeamViewer };

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** A day's heading in the member's zone. */
function dayOf(iso: string, zone: string): string {
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' });
    dayFormatters.set(zone, formatter);
  }
  return formatter.format(new Date(iso));
}

/**
 * Demos (D32, D41): the agenda by day, in the member's zone and the prospect's; for sales, a
 * move to any open time, a cancellation, and the hours, days off and hosts.
 */
export function DemosPage({ csrf, viewer, bookings, moving, hours, hosts, blocks, form, notice, problem }: Props) {
  const works = viewer.role !== 'viewer';
  const refused = (name: NonNullable<Props['form']>['name']) => (form?.name === name ? form : undefined);
  const days = new Map<string, typeof bookings>();
  for (const booking of bookings) {
    const key = dayOf(booking.start, viewer.zone);
    days.set(key, [...(days.get(key) ?? []), booking]);
  }
  return (
    <>
      <PageTitle>Demos</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      {problem && <Problem>{problem}</Problem>}
      {moving && works && (
        <form
          method="post"
          action={`/team/demos/${moving.id}/move`}
          id="move"
          className="team-card mb-6 grid gap-3"
          aria-labelledby="move-heading"
        >
          <h2 id="move-heading" className="text-lg font-semibold">
            Move the demo with {moving.name}, now {formatTime(moving.start, viewer.zone)}
          </h2>
          <p className="text-ink-700">Any open time within the hours; the two-hour notice does not apply.</p>
          <CsrfField csrf={csrf} />
          <div>
            <label htmlFor="move-slot" className="team-label">
              New time
            </label>
            <select id="move-slot" name="slot" className="team-input">
              {moving.slots.map((slot) => (
                <option key={slot} value={slot}>
                  {formatTime(slot, viewer.zone)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap gap-2">
            <button className="team-button">Move the demo</button>
            <a href="/team/demos" className="team-button-quiet">
              Keep it
            </a>
          </div>
        </form>
      )}
      <section aria-labelledby="agenda-heading" className="mb-6">
        <h2 id="agenda-heading" className="mb-3 text-lg font-semibold">
          Agenda, in {viewer.zone} time
        </h2>
        {bookings.length === 0 && <p className="team-card text-ink-700">No demos to come.</p>}
        {[...days].map(([dayName, rows]) => (
          <div key={dayName} className="mb-4">
            <h3 className="mb-2 font-semibold">{dayName}</h3>
            <ul className="grid gap-3">
              {rows.map((booking) => (
                <li key={booking.id} className="team-card grid gap-2">
                  <p>
                    <span className="font-semibold">{formatTime(booking.start, viewer.zone)}</span> · {booking.name} ·{' '}
                    {booking.email}
                  </p>
                  <p className="text-sm text-ink-700">
                    Their time: {formatTime(booking.start, booking.zone)} ({booking.zone}) · host {booking.host}
                    {booking.leadId && (
                      <>
                        {' · '}
                        <a href={`/team/leads/${booking.leadId}`} className="team-link">
                          the lead
                        </a>
                      </>
                    )}
                  </p>
                  {works && (
                    <div className="flex flex-wrap items-end gap-2">
                      <a
                        href={`/team/demos?move=${booking.id}#move`}
                        className="team-button-quiet"
                        aria-label={`Move the demo with ${booking.name}`}
                      >
                        Move
                      </a>
                      <form method="post" action={`/team/demos/${booking.id}/cancel`}>
                        <CsrfField csrf={csrf} />
                        <button className="team-button-quiet" aria-label={`Cancel the demo with ${booking.name}`}>
                          Cancel
                        </button>
                      </form>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="team-card" aria-labelledby="off-heading">
          <h2 id="off-heading" className="mb-3 text-lg font-semibold">
            Time off
          </h2>
          <ul className="mb-4 grid gap-2">
            {blocks.length === 0 && <li className="text-ink-700">None to come.</li>}
            {blocks.map((block) => (
              <li key={block.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {block.host}: {formatTime(block.from, hours.zone)} to {formatTime(block.to, hours.zone)}
                  {block.reason && ` (${block.reason})`}
                </span>
                {works && (
                  <form method="post" action={`/team/demos/blocks/${block.id}/remove`}>
                    <CsrfField csrf={csrf} />
                    <button
                      className="team-button-quiet"
                      aria-label={`Remove the time off from ${formatTime(block.from, hours.zone)}`}
                    >
                      Remove
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
          {works && (
            <form method="post" action="/team/demos/blocks" className="grid gap-3 sm:grid-cols-2" noValidate>
              <CsrfField csrf={csrf} />
              {refused('dayOff') && (
                <div className="sm:col-span-2">
                  <FormProblems refused={refused('dayOff')} what="time off" />
                </div>
              )}
              <Field form="off" name="from" label="First day" type="date" required refused={refused('dayOff')} />
              <Field form="off" name="to" label="Last day (optional)" type="date" refused={refused('dayOff')} />
              <Field
                form="off"
                name="fromTime"
                label="From (optional, for part of a day)"
                type="time"
                refused={refused('dayOff')}
              />
              <Field form="off" name="toTime" label="Until (optional)" type="time" refused={refused('dayOff')} />
              <div>
                <label htmlFor="off-host" className="team-label">
                  Who
                </label>
                {refused('dayOff')?.problems.host && (
                  <p id="off-host-problem" className="mb-1 text-sm text-red-900">
                    {refused('dayOff')?.problems.host}
                  </p>
                )}
                <select
                  id="off-host"
                  name="host"
                  className="team-input"
                  defaultValue={refused('dayOff')?.values.host ?? ''}
                  {...(refused('dayOff')?.problems.host
                    ? { 'aria-invalid': true, 'aria-describedby': 'off-host-problem' }
                    : {})}
                >
                  <option value="">Everyone</option>
                  {hosts.map((host) => (
                    <option key={host.id} value={host.id}>
                      {host.name}
                    </option>
                  ))}
                </select>
              </div>
              <Field form="off" name="reason" label="Reason (optional)" maxLength={200} refused={refused('dayOff')} />
              <div>
                <button className="team-button">Add the time off</button>
              </div>
            </form>
          )}
        </section>
        <section className="team-card" aria-labelledby="hours-heading">
          <h2 id="hours-heading" className="mb-3 text-lg font-semibold">
            Weekly hours
          </h2>
          <p className="mb-4 whitespace-pre-line text-ink-700">{hours.text}</p>
          {works && (
            <form method="post" action="/team/demos/hours" className="grid gap-3" noValidate>
              <CsrfField csrf={csrf} />
              <FormProblems refused={refused('hours')} what="hours" />
              <Field
                form="hours"
                name="hours"
                label="New hours"
                placeholder="mon-fri 09:00-17:00"
                required
                refused={refused('hours')}
              />
              <Field
                form="hours"
                name="zone"
                label="Time zone"
                defaultValue={hours.zone}
                required
                refused={refused('hours')}
              />
              <div>
                <button className="team-button-quiet">Save the hours</button>
              </div>
            </form>
          )}
          <h2 className="mt-6 mb-3 text-lg font-semibold">Hosts</h2>
          <ul className="mb-4 grid gap-2">
            {hosts.length === 0 && <li className="text-ink-700">No hosts: no times are offered.</li>}
            {hosts.map((host) => (
              <li key={host.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {host.name} ({host.id}) · {host.email ?? 'the sales inbox'}
                </span>
                {works && (
                  <form method="post" action={`/team/demos/hosts/${host.id}/remove`}>
                    <CsrfField csrf={csrf} />
                    <button className="team-button-quiet" aria-label={`Remove ${host.name}`}>
                      Remove
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
          {works && (
            <form method="post" action="/team/demos/hosts" className="grid gap-3 sm:grid-cols-3" noValidate>
              <CsrfField csrf={csrf} />
              {refused('host') && (
                <div className="sm:col-span-3">
                  <FormProblems refused={refused('host')} what="host" />
                </div>
              )}
              <Field form="host" name="id" label="Id" placeholder="ada" required refused={refused('host')} />
              <Field form="host" name="name" label="Name" required refused={refused('host')} />
              <Field form="host" name="email" label="Address" type="email" refused={refused('host')} />
              <div>
                <button className="team-button-quiet">Save the host</button>
              </div>
            </form>
          )}
        </section>
      </div>
    </>
  );
}
