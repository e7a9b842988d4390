import { DateTime, IANAZone, Interval } from 'luxon';

/** One span of working hours on an ISO weekday (1 Monday … 7 Sunday), as HH:MM wall times. */
export type WeeklyHours = { weekday: number; starts: string; ends: string };

/** A range of time no demo may overlap: one host's, or everyone's when `hostId` is null; a booking or a block. */
export type Busy = { hostId: string | null; start: Date; end: Date; booked?: boolean };

/** What slots are cut from: the team's hours in one zone, its hosts, and the time already taken. */
export type Availability = {
  /** The IANA zone the hours are wall times in. */
  zone: string;
  hours: readonly WeeklyHours[];
  /** Host ids, in the order a slot is given to them. */
  hosts: readonly string[];
  /** Blocks and live bookings alike. */
  busy: readonly Busy[];
};

/** A slot someone may book: its start, and the hosts free for all of it, in the hosts' order. */
export type Slot = { start: Date; hostIds: string[] };

export const slotRules = {
  /** Every demo lasts 30 minutes (D32). */
  minutes: 30,
  /** Slots are offered for the next 14 days. */
  days: 14,
  /** Nothing closer than 2 hours from now, by default. */
  noticeMinutes: 120,
} as const;

/**
 * The IANA name of a zone as the runtime spells it (`europe/london` is `Europe/London`), or
 * undefined for anything that is not an IANA name: an offset such as `+03:00` is refused even
 * though Intl accepts it, since a fixed offset is wrong half the year where clocks change.
 */
export function canonicalZone(zone: string): string | undefined {
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return undefined;
  if (!IANAZone.isValidZone(zone)) return undefined;
  return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
}

/**
 * The open slots, earliest first: 30-minute steps through each day's hours in the hours'
 * zone, starting no sooner than `now` plus the notice and before `now` plus 14 days, with at
 * least one host free of every block and booking for the whole slot. Wall times a DST change
 * skips (01:30 in London on the last Sunday of March) are not slots; the hours are read in
 * the zone day by day, so 09:00 stays 09:00 local on either side of a change.
 */
export function openSlots(
  availability: Availability,
  now: Date,
  { noticeMinutes = slotRules.noticeMinutes }: { noticeMinutes?: number } = {},
): Slot[] {
  const { zone } = availability;
  const earliest = now.getTime() + noticeMinutes * 60_000;
  const latest = now.getTime() + slotRules.days * 86_400_000;
  const slots: Slot[] = [];
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  // One day more than the window, so the last partial day in the zone is read too.
  for (let offset = 0; offset <= slotRules.days; offset++) {
    const day = today.plus({ days: offset });
    const spans = availability.hours.filter((span) => span.weekday === day.weekday);
    for (const span of [...spans].sort((a, b) => a.starts.localeCompare(b.starts))) {
      for (const start of startsWithin(day, span)) {
        const at = start.toMillis();
        if (at < earliest || at >= latest) continue;
        const hostIds = freeHosts(availability, at, at + slotRules.minutes * 60_000);
        if (hostIds.length > 0) slots.push({ start: new Date(at), hostIds });
      }
    }
  }
  return slots;
}

/**
 * The first instant after `now` at which the slots on offer differ with time alone: just past
 * a 30-minute step of wall time in the hours' zone, reached by `now` (the 14-day horizon takes
 * the next slot in) or by `now` plus the notice (the nearest slot leaves), whichever is first.
 */
export function nextSlotChange(
  now: Date,
  zone: string,
  { noticeMinutes = slotRules.noticeMinutes }: { noticeMinutes?: number } = {},
): Date {
  const notice = noticeMinutes * 60_000;
  const at = now.getTime();
  return new Date(Math.min(nextStep(at - 1, zone), nextStep(at + notice - 1, zone) - notice) + 1);
}

/** The first 30-minute step of wall time in the zone after the instant `at`. */
function nextStep(at: number, zone: string): number {
  const offset = DateTime.fromMillis(at, { zone }).offset * 60_000;
  const step = slotRules.minutes * 60_000;
  return Math.floor((at + offset) / step) * step + step - offset;
}

/** The slot starts within one day's span: every 30 minutes of wall time that exists that day. */
function* startsWithin(day: DateTime, span: WeeklyHours): Generator<DateTime> {
  const [endHour, endMinute] = span.ends.split(':').map(Number) as [number, number];
  const end = endHour * 60 + endMinute;
  const [startHour, startMinute] = span.starts.split(':').map(Number) as [number, number];
  for (let minute = startHour * 60 + startMinute; minute + slotRules.minutes <= end; minute += slotRules.minutes) {
    const wall = { hour: Math.floor(minute / 60), minute: minute % 60 };
    const start = day.set(wall);
    // A wall time the zone skips comes back moved forward: no such slot that day.
    if (start.hour !== wall.hour || start.minute !== wall.minute) continue;
    yield start;
  }
}

function freeHosts(availability: Availability, start: number, end: number): string[] {
  const slot = Interval.fromDateTimes(new Date(start), new Date(end));
  return availability.hosts.filter(
    (host) =>
      !availability.busy.some(
        (busy) =>
          (busy.hostId === null || busy.hostId === host) && slot.overlaps(Interval.fromDateTimes(busy.start, busy.end)),
      ),
  );
}

/** The open slot starting at `start`, if there is one: what a booking must name. */
export function findSlot(slots: readonly Slot[], start: Date): Slot | undefined {
  return slots.find((slot) => slot.start.getTime() === start.getTime());
}
