import { rangesPerDay, weekdays } from '@growmail/contracts/demo-availability';
import type { DemosPage } from '@growmail/contracts/team';
import { PostForm, Problem } from './team-parts';

type Editing = NonNullable<DemosPage['editingHours']>;

const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** "09:00–12:00 and 13:00–17:00", or "closed". */
const rangesInWords = (ranges: Array<{ from: string; to: string }>) =>
  ranges.length === 0 ? 'closed' : ranges.map((range) => `${range.from}–${range.to}`).join(' and ');

/** The week's hours in words, one line per weekday, and for sales the way to change them. */
export function WeekHours({ hours, works }: { hours: DemosPage['hours']; works: boolean }) {
  return (
    <>
      <p className="mb-2 text-ink-700">
        In {hours.zoneName} time ({hours.zone}):
      </p>
      <ul className="mb-4 grid gap-1">
        {dayNames.map((name, index) => (
          <li key={name}>
            {name}: {rangesInWords(hours.days[index] ?? [])}
          </li>
        ))}
      </ul>
      {works && (
        <a href="/team/demos?edit=hours#hours-editor" className="team-button-quiet">
          Change the hours
        </a>
      )}
    </>
  );
}

/** The attributes that tie a field to its problem. */
const invalid = (problem: string | undefined, id: string) =>
  problem ? { 'aria-invalid': true, 'aria-describedby': id } : {};

/**
 * The week's hours as a form: a row per weekday with its time ranges (a lunch break is two), and
 * the zone typed or picked from the list of every zone, in words. "Add a range" and "Remove" post
 * the form and get it back changed, so it works without script; only "Save the hours" saves.
 */
export function HoursEditor({ editing, csrf }: { editing: Editing; csrf: string | undefined }) {
  const { zone, days, problems, focus, zones } = editing;
  const problemList = Object.values(problems);
  return (
    <PostForm action="/team/demos/hours" csrf={csrf} id="hours-editor" className="grid gap-4" noValidate>
      {/* The form's first submit button is what Enter presses: saving, not adding or removing a range. */}
      <button hidden>Save the hours</button>
      {problemList.length > 0 && <Problem>Check the hours: {problemList.join(' ')}</Problem>}
      <div>
        <label htmlFor="hours-zone" className="team-label">
          Time zone
        </label>
        <p id="hours-zone-hint" className="mb-1 text-sm text-ink-700">
          Type a city, such as Lagos or Nairobi, and pick it from the list.
        </p>
        {problems.zone && (
          <p id="hours-zone-problem" className="mb-1 text-sm text-red-900">
            {problems.zone}
          </p>
        )}
        <input
          id="hours-zone"
          name="zone"
          list="zone-list"
          className="team-input"
          defaultValue={zone}
          autoComplete="off"
          required
          {...(problems.zone
            ? { 'aria-invalid': true, 'aria-describedby': 'hours-zone-problem hours-zone-hint' }
            : { 'aria-describedby': 'hours-zone-hint' })}
        />
        <datalist id="zone-list">
          {zones.map((choice) => (
            <option key={choice.zone} value={choice.zone}>
              {choice.label}
            </option>
          ))}
        </datalist>
      </div>
      {weekdays.map((day, index) => {
        const name = dayNames[index]!;
        const ranges = days[index] ?? [];
        const problem = problems[day];
        const problemId = `hours-${day}-problem`;
        return (
          <fieldset
            key={day}
            className="grid gap-2 border-t border-ink-100 pt-3"
            {...(problem ? { 'aria-describedby': problemId } : {})}
          >
            <legend className="font-semibold">{name}</legend>
            {problem && (
              <p id={problemId} className="text-sm text-red-900">
                {problem}
              </p>
            )}
            {ranges.length === 0 && <p className="text-ink-700">Closed</p>}
            {ranges.map((range, at) => {
              const id = `hours-${day}-${at}`;
              const which = ranges.length > 1 ? `, range ${at + 1}` : '';
              return (
                <div key={at} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
                  <div>
                    <label htmlFor={`${id}-from`} className="team-label">
                      From<span className="sr-only">, {`${name}${which}`}</span>
                    </label>
                    <input
                      id={`${id}-from`}
                      name={`${day}-from`}
                      type="time"
                      className="team-input"
                      defaultValue={range.from}
                      // Only on the page a press of "Add a range" brings back: the new range is where they go on.
                      // eslint-disable-next-line jsx-a11y/no-autofocus
                      autoFocus={focus === `${id}-from`}
                      {...invalid(problem, problemId)}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${id}-to`} className="team-label">
                      Until<span className="sr-only">, {`${name}${which}`}</span>
                    </label>
                    <input
                      id={`${id}-to`}
                      name={`${day}-to`}
                      type="time"
                      className="team-input"
                      defaultValue={range.to}
                      {...invalid(problem, problemId)}
                    />
                  </div>
                  <button name="drop" value={`${day}-${at}`} className="team-link min-h-11 px-1">
                    Remove<span className="sr-only"> {`${name}${which}`}</span>
                  </button>
                </div>
              );
            })}
            {ranges.length < rangesPerDay && (
              <div>
                <button
                  id={`hours-${day}-add`}
                  name="add"
                  value={day}
                  className="team-button-quiet"
                  // Only on the page a "Remove" brings back, so focus stays on the day it was in.
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus={focus === `hours-${day}-add`}
                >
                  Add a range<span className="sr-only"> on {name}</span>
                </button>
              </div>
            )}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <button className="team-button">Save the hours</button>
        <a href="/team/demos" className="team-link">
          Keep the hours as they were
        </a>
      </div>
    </PostForm>
  );
}
