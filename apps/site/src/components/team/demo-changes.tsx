import type { DemosPage } from '@growmail/contracts/team';
import { formatTime, PostForm } from './team-parts';

type Moving = NonNullable<DemosPage['moving']>;
type Cancelling = NonNullable<DemosPage['cancelling']>;

const formatters = new Map<string, Intl.DateTimeFormat>();
const inZone = (zone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${zone} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** "Friday 4 December", in the member's zone. */
export const dayName = (iso: string, zone: string) =>
  inZone(zone, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));
const clock = (iso: string, zone: string) => inZone(zone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * The times a demo may move to, by day with its weekday, in the member's zone: its current time
 * first and chosen, so "Move" never starts from a time nobody picked.
 */
function timesByDay(moving: Moving, zone: string) {
  const from = Date.parse(moving.start);
  const times = [moving.start, ...moving.slots.filter((slot) => Date.parse(slot) > from)];
  const days = new Map<string, string[]>();
  for (const slot of times) {
    const day = dayName(slot, zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return days;
}

/** Moving one demo: the times from its own, and when its host is busy at the time chosen, which host takes it. */
export function MoveForm({ moving, zone, csrf }: { moving: Moving; zone: string; csrf: string | undefined }) {
  const choice = moving.hostChoice;
  return (
    <section id="move" className="team-card mb-6 grid gap-3" aria-labelledby="move-heading">
      <h2 id="move-heading" className="text-lg font-semibold">
        Move the demo with {moving.name}, now {formatTime(moving.start, zone)} with {moving.host}
      </h2>
      {choice && choice.free.length > 0 && (
        <PostForm action={`/team/demos/${moving.id}/move`} csrf={csrf} className="grid gap-3">
          <input type="hidden" name="slot" value={choice.slot} />
          <fieldset>
            <legend className="team-label">
              Give it to another host at {formatTime(choice.slot, zone)}? The prospect is mailed the new time and host.
            </legend>
            {choice.free.map((host, index) => (
              <label key={host.id} className="flex items-center gap-2">
                <input type="radio" name="host" value={host.id} defaultChecked={index === 0} className="size-5" />
                {host.name}
              </label>
            ))}
          </fieldset>
          <div>
            <button className="team-button">Move it to this host</button>
          </div>
        </PostForm>
      )}
      <PostForm action={`/team/demos/${moving.id}/move`} csrf={csrf} className="grid gap-3">
        <p className="text-ink-700">
          Any open time within the hours with {moving.host}; the two-hour notice does not apply. The prospect is mailed
          the new time.
        </p>
        <div>
          <label htmlFor="move-slot" className="team-label">
            New time, in {zone} time
          </label>
          <select id="move-slot" name="slot" className="team-input" defaultValue={moving.start}>
            {[...timesByDay(moving, zone)].map(([day, slots]) => (
              <optgroup key={day} label={day}>
                {slots.map((slot) => (
                  <option key={slot} value={slot}>
                    {`${day.split(' ')[0]} ${clock(slot, zone)}${slot === moving.start ? ' (its time now)' : ''}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap gap-2">
          <button className="team-button">Move the demo</button>
          <a href="/team/demos" className="team-button-quiet">
            Keep it
          </a>
        </div>
      </PostForm>
    </section>
  );
}

/** What cancelling a demo does, and who is mailed, before it is done (D44). */
export function CancelConfirmation({
  cancelling,
  zone,
  csrf,
}: {
  cancelling: Cancelling;
  zone: string;
  csrf: string | undefined;
}) {
  const language = cancelling.language === 'fr' ? 'French' : 'English';
  return (
    <section id="cancel" className="team-card mb-6 border-red-300" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading" className="mb-2 text-lg font-semibold">
        Cancel the demo with {cancelling.name}, {formatTime(cancelling.start, zone)}?
      </h2>
      <p className="mb-3 text-ink-700">
        The slot with {cancelling.host} opens again on /demo. {cancelling.name} ({cancelling.email}) is mailed the
        cancellation in {language}, with the invitation taken out of their calendar. It cannot be undone: they would
        have to book again.
      </p>
      <PostForm action={`/team/demos/${cancelling.id}/cancel`} csrf={csrf} className="grid gap-3">
        <input type="hidden" name="confirm" value="yes" />
        <div>
          <label htmlFor="cancel-reason" className="team-label">
            Message to them (optional)
          </label>
          <p id="cancel-reason-hint" className="mb-1 text-sm text-ink-700">
            Quoted in the mail as a message from the team, in your words.
          </p>
          <textarea
            id="cancel-reason"
            name="reason"
            rows={3}
            maxLength={1000}
            className="team-input"
            aria-describedby="cancel-reason-hint"
          ></textarea>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button className="team-button">Cancel the demo and mail them</button>
          <a href="/team/demos" className="team-link">
            Keep it
          </a>
        </div>
      </PostForm>
    </section>
  );
}
