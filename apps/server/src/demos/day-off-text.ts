import { DateTime } from 'luxon';
import type { Slot } from './slots.ts';

/** Time off as stored: its instants and whose it is (null: everyone). */
type DayOff = { starts_at: string; ends_at: string; host_id: string | null };

/** Its first and last dates in `zone` when it runs from midnight to midnight, as a day off does. */
export function wholeDays(block: DayOff, zone: string): { first: string; last: string } | undefined {
  const start = DateTime.fromISO(block.starts_at, { zone });
  const end = DateTime.fromISO(block.ends_at, { zone });
  const midnight = (at: DateTime) => at.hour === 0 && at.minute === 0;
  if (!midnight(start) || !midnight(end)) return undefined;
  return { first: start.toISODate()!, last: end.minus({ days: 1 }).toISODate()! };
}

/** "Friday 4 December", in the team's zone. */
export const dayInWords = (at: Date | string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(at),
  );

const clock = (at: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(new Date(at));

/** Time off in words: "on Friday 4 December", "from Friday 4 December to Monday 7 December", or with its hours. */
export function dayOffInWords(block: DayOff, zone: string): string {
  const days = wholeDays(block, zone);
  if (days) {
    const first = dayInWords(`${days.first}T12:00:00Z`, 'UTC');
    const last = dayInWords(`${days.last}T12:00:00Z`, 'UTC');
    return days.first === days.last ? `on ${first}` : `from ${first} to ${last}`;
  }
  const from = `${dayInWords(block.starts_at, zone)}, ${clock(block.starts_at, zone)}`;
  const sameDay = dayInWords(block.starts_at, zone) === dayInWords(block.ends_at, zone);
  const to = sameDay ? clock(block.ends_at, zone) : `${dayInWords(block.ends_at, zone)}, ${clock(block.ends_at, zone)}`;
  return `from ${from} to ${to}`;
}

const listed = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * What the team is told after saving time off: who is off and when, and what /demo (`slots`,
 * as it offers them now) still offers in that time, and through whom, so nobody believes the
 * day is closed while a colleague still takes it.
 */
export function dayOffNotice(block: DayOff, zone: string, names: Map<string, string>, slots: Slot[]): string {
  const when = dayOffInWords(block, zone);
  if (!block.host_id) return `Time off saved: everyone is off ${when}, so /demo offers no times then.`;
  const who = names.get(block.host_id) ?? block.host_id;
  const [start, end] = [Date.parse(block.starts_at), Date.parse(block.ends_at)];
  const open = slots.filter((slot) => slot.start.getTime() >= start && slot.start.getTime() < end);
  if (open.length === 0) return `Time off saved: ${who} is off ${when}, and /demo offers no times then.`;
  const days = [...new Set(open.map((slot) => dayInWords(slot.start, zone)))];
  const hosts = [...new Set(open.flatMap((slot) => slot.hostIds))].map((id) => names.get(id) ?? id);
  return `Time off saved: ${who} is off ${when}; /demo still offers ${listed(days)} through ${listed(hosts)}.`;
}
