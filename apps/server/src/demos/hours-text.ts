import type { WeeklyHours } from './slots.ts';

const dayNames = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** The weekdays in words, Monday first. */
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Weekdays as sales writes them: `mon-fri`, `sat`, `mon,wed,fri` (ISO numbers, 1 Monday). */
function readDays(text: string): number[] | undefined {
  const days = new Set<number>();
  for (const part of text.toLowerCase().split(',')) {
    const [from, to = from] = part.split('-');
    const first = dayNames.indexOf(from as (typeof dayNames)[number]);
    const last = dayNames.indexOf(to as (typeof dayNames)[number]);
    if (first < 0 || last < first) return undefined;
    for (let day = first; day <= last; day++) days.add(day + 1);
  }
  return [...days];
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/**
 * A week of hours from words such as `mon-fri 09:00-12:00 13:00-17:00 sat 10:00-13:00`: days,
 * then the spans those days have. Throws with a sentence for sales when the words are wrong.
 */
export function readHours(words: readonly string[]): WeeklyHours[] {
  const hours: WeeklyHours[] = [];
  let days: number[] | undefined;
  let spans = 0;
  for (const word of words) {
    const span = /^([01]\d|2[0-3]):([0-5]\d)-(([01]\d|2[0-3]):([0-5]\d)|24:00)$/.exec(word);
    if (!span) {
      if (days && spans === 0) throw new Error(`Give ${word} hours such as 09:00-17:00 before the next days.`);
      days = readDays(word);
      if (!days) throw new Error(`'${word}' is neither days (mon-fri, sat, mon,wed) nor hours (09:00-17:00).`);
      spans = 0;
      continue;
    }
    if (!days) throw new Error(`Say which days ${word} is for first, such as mon-fri ${word}.`);
    const [starts, ends] = word.split('-') as [string, string];
    if (minutesOf(ends) <= minutesOf(starts)) throw new Error(`${word} ends before it starts.`);
    for (const weekday of days) {
      const clash = hours.find(
        (other) =>
          other.weekday === weekday &&
          minutesOf(other.starts) < minutesOf(ends) &&
          minutesOf(starts) < minutesOf(other.ends),
      );
      if (clash) throw new Error(`${word} overlaps ${clash.starts}-${clash.ends} on ${weekdayNames[weekday - 1]}.`);
      hours.push({ weekday, starts, ends });
    }
    spans++;
  }
  if (days && spans === 0) throw new Error(`Give hours such as 09:00-17:00 after the days.`);
  return hours.sort((a, b) => a.weekday - b.weekday || a.starts.localeCompare(b.starts));
}

/** The week as the CLI prints it: one line per day that has hours. */
export function describeHours(hours: readonly WeeklyHours[], zone: string): string {
  if (hours.length === 0) return `No hours: no demo slots are offered (zone ${zone}).\n`;
  const lines = dayNames.flatMap((name, index) => {
    const spans = hours.filter((span) => span.weekday === index + 1);
    return spans.length > 0 ? [`${name}  ${spans.map((span) => `${span.starts}-${span.ends}`).join(' ')}`] : [];
  });
  return `Hours in ${zone}:\n${lines.join('\n')}\n`;
}
