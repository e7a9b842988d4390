import { mayUseRoute } from '@growmail/contracts/team-access';
import type { DemosPage as Page, TeamViewer } from '@growmail/contracts/team';
import { CancelConfirmation, dayName, MoveForm } from './demo-changes';
import { HostRemoval, Hosts } from './demo-hosts';
import { HoursEditor, WeekHours } from './demo-hours';
import { CsrfField, Field, FormProblems, formatTime, Notice, PageTitle, PostForm, Problem } from './team-parts';

type Props = Omit<Page, 'view'> & { csrf: string | undefined; viewer: TeamViewer };

/** "Today", "Tomorrow", or the day's name, in the member's zone. */
function dayHeading(iso: string, zone: string, now: number): string {
  const day = dayName(iso, zone);
  if (day === dayName(new Date(now).toISOString(), zone)) return `Today, ${day}`;
  if (day === dayName(new Date(now + 86_400_000).toISOString(), zone)) return `Tomorrow, ${day}`;
  return day;
}

/** A number to dial, or nothing when the role sees it masked. */
const numberToDial = (phone: string) => (/^\+?[\d\s().-]{6,}$/.test(phone) ? phone.replace(/[^\d+]/g, '') : undefined);

/** Time off as dates when it is whole days ("Friday 4 December"), else its times. */
function offInWords(block: Page['blocks'][number], zone: string): string {
  if (!block.days) return `${formatTime(block.from, zone)} to ${formatTime(block.to, zone)}`;
  const first = dayName(`${block.days.first}T12:00:00Z`, 'UTC');
  const last = dayName(`${block.days.last}T12:00:00Z`, 'UTC');
  return block.days.first === block.days.last ? first : `${first} to ${last}`;
}

/**
 * Demos (D32, D41): the agenda by day, in the member's zone and the prospect's; for sales, a
 * move to any open time, a cancellation, and the hours, days off and hosts.
 */
export function DemosPage(props: Props) {
  const { csrf, viewer, bookings, moving, cancelling, removingHost, hours, editingHours, hosts, blocks, form } = props;
  const { notice, problem } = props;
  const offRemoved = blocks.find((block) => block.id === props.removingOff);
  const works = mayUseRoute(viewer, 'POST /team/demos/hours');
  const refused = (name: NonNullable<Props['form']>['name']) => (form?.name === name ? form : undefined);
  const days = new Map<string, typeof bookings>();
  const now = Date.parse(props.now);
  for (const booking of bookings) {
    const key = dayHeading(booking.start, viewer.zone, now);
    days.set(key, [...(days.get(key) ?? []), booking]);
  }
  return (
    <>
      <PageTitle>Demos</PageTitle>
      {notice && <Notice>{notice}</Notice>}
      {problem && <Problem>{problem}</Problem>}
      {moving && works && <MoveForm moving={moving} zone={viewer.zone} csrf={csrf} />}
      {cancelling && works && <CancelConfirmation cancelling={cancelling} zone={viewer.zone} csrf={csrf} />}
      {removingHost && works && <HostRemoval removing={removingHost} csrf={csrf} />}
      {offRemoved && works && (
        <section id="remove-off" className="team-card mb-6 border-red-300" aria-labelledby="remove-off-heading">
          <h2 id="remove-off-heading" className="mb-2 text-lg font-semibold">
            Remove the time off of {offRemoved.host}: {offInWords(offRemoved, hours.zone)}?
          </h2>
          <p className="mb-3 text-ink-700">
            /demo offers those times again, within the hours, with{' '}
            {offRemoved.host === 'Everyone' ? 'every host' : offRemoved.host}. Nobody is mailed.
          </p>
          <PostForm
            action={`/team/demos/blocks/${offRemoved.id}/remove`}
            csrf={csrf}
            className="flex flex-wrap items-center gap-3"
          >
            <input type="hidden" name="confirm" value="yes" />
            <button className="team-button">Remove the time off</button>
            <a href="/team/demos" className="team-link">
              Keep it
            </a>
          </PostForm>
        </section>
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
                    <span className="font-semibold">{formatTime(booking.start, viewer.zone)}</span> · {booking.name}
                    {booking.company && ` · ${booking.company}`} · {booking.email}
                    {booking.phone && (
                      <>
                        {' · '}
                        {numberToDial(booking.phone) ? (
                          <a href={`tel:${numberToDial(booking.phone)}`} className="team-link">
                            {booking.phone}
                          </a>
                        ) : (
                          booking.phone
                        )}
                      </>
                    )}
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
                      <a
                        href={`/team/demos?cancel=${booking.id}#cancel`}
                        className="team-button-quiet"
                        aria-label={`Cancel the demo with ${booking.name}…`}
                      >
                        Cancel…
                      </a>
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
                  {block.host}: {offInWords(block, hours.zone)}
                  {block.reason && ` (${block.reason})`}
                </span>
                {works && (
                  <PostForm action={`/team/demos/blocks/${block.id}/remove`} csrf={csrf}>
                    <button
                      className="team-button-quiet"
                      aria-label={`Remove the time off of ${block.host}: ${offInWords(block, hours.zone)}…`}
                    >
                      Remove…
                    </button>
                  </PostForm>
                )}
                {block.demos.length > 0 && (
                  <ul className="w-full text-sm" aria-label={`Demos booked in this time off`}>
                    {block.demos.map((demo) => (
                      <li key={demo.id} className="flex flex-wrap items-center gap-2">
                        <span className="text-red-900">
                          Booked in it: {demo.name}, {formatTime(demo.start, viewer.zone)}
                        </span>
                        {works && (
                          <>
                            <a href={`/team/demos?move=${demo.id}#move`} className="team-link">
                              Move<span className="sr-only"> the demo with {demo.name}</span>
                            </a>
                            <a href={`/team/demos?cancel=${demo.id}#cancel`} className="team-link">
                              Cancel…<span className="sr-only"> the demo with {demo.name}</span>
                            </a>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
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
        <section className="team-card min-w-0" aria-labelledby="hours-heading">
          <h2 id="hours-heading" className="mb-3 text-lg font-semibold">
            Weekly hours
          </h2>
          {editingHours && works ? (
            <HoursEditor editing={editingHours} csrf={csrf} />
          ) : (
            <WeekHours hours={hours} works={works} />
          )}
          <Hosts hosts={hosts} choices={props.hostChoices} works={works} csrf={csrf} refused={refused('host')} />
        </section>
      </div>
    </>
  );
}
