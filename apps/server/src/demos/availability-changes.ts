import {
  weekdays,
  type DayOffInput,
  type HostInput,
  type HoursInput,
  type TypedWeek,
} from '@growmail/contracts/demo-availability';
import type { HostPick } from '@growmail/contracts/team';
import { zoneOfCity } from '@growmail/contracts/zone-names';
import { DateTime } from 'luxon';
import { auditActor, type Actor } from '../lib/actor.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';
import { defaultZone } from './availability.ts';
import { readHours, weekdayNames } from './hours-text.ts';
import { canonicalZone, type WeeklyHours } from './slots.ts';

/**
 * What sales changes of the demo availability (D32), as the console and `npm run demos` both run
 * it: each change is checked here, then written with its audit row in one transaction, so a
 * change is never kept without the row that says who made it. Input comes already read by the
 * schemas in @growmail/contracts/demo-availability; what needs the database or the calendar to
 * check is checked here, and refused with the field it is about.
 */

/** A change refused: the field at fault and a sentence for sales. */
export type Refusal = { problems: Record<string, string> };
const refuse = (field: string, problem: string): Refusal => ({ problems: { [field]: problem } });

/** The zone the team's hours are kept in, which days off are read in. */
export const teamZone = async (data: DataAccess) => (await data.demos.hours())[0]?.zone ?? defaultZone;

/** What a write did, and the audit row that says so; none when it changed nothing. */
type Written<T> = { result: T; audit?: { action: string; recordId: string; detail?: Record<string, unknown> } };

function audited<T>(data: DataAccess, actor: Actor, write: (trx: Executor) => Promise<Written<T>>): Promise<T> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const { result, audit } = await write(trx);
    if (audit) await data.audit.in(trx).record({ ...auditActor(actor), recordType: 'demo', ...audit });
    return result;
  });
}

/** The zone a member picked or typed: its IANA name, or its city as the console's list shows it. */
const zoneOf = (text: string) => canonicalZone(text) ?? zoneOfCity(text);

/** Writes the week's hours in `zone` with the audit row that says so. */
function writeHours(data: DataAccess, actor: Actor, zone: string, hours: WeeklyHours[], typed: string) {
  return audited(data, actor, async (trx) => {
    await data.demos.in(trx).replaceHours(zone, hours);
    return {
      result: { zone, hours },
      audit: { action: 'demo.hours', recordId: 'hours', detail: { zone, hours: typed } },
    };
  });
}

/** Replaces the weekly hours from words (`npm run demos`); the zone stays as it was when none is given. */
export async function setHours(
  data: DataAccess,
  input: HoursInput,
  actor: Actor,
): Promise<{ zone: string; hours: WeeklyHours[] } | Refusal> {
  const zone = input.zone ? zoneOf(input.zone) : await teamZone(data);
  if (!zone) return refuse('zone', `Give an IANA time zone such as Africa/Lagos, or a city, not '${input.zone}'.`);
  let hours;
  try {
    hours = readHours(input.hours.split(/\s+/).filter(Boolean));
  } catch (error) {
    return refuse('hours', (error as Error).message);
  }
  return writeHours(data, actor, zone, hours, input.hours);
}

const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Replaces the weekly hours from the console's form (issue 54): each weekday's time ranges, as
 * typed, and the zone picked. A range with both times blank is no range; a day with none is
 * closed. Each day's problem is its own field's, so the form shows it beside the day.
 */
export async function setWeek(
  data: DataAccess,
  input: { zone: string; week: TypedWeek },
  actor: Actor,
): Promise<{ zone: string; hours: WeeklyHours[] } | Refusal> {
  const problems: Record<string, string> = {};
  const zone = zoneOf(input.zone);
  if (!zone) problems.zone = `Choose a time zone from the list, such as Lagos: no zone is called '${input.zone}'.`;
  const hours: WeeklyHours[] = [];
  weekdays.forEach((day, index) => {
    const name = weekdayNames[index]!;
    const ranges = (input.week[index] ?? []).filter((range) => range.from || range.to);
    if (ranges.some((range) => !clock.test(range.from) || !clock.test(range.to))) {
      problems[day] = `Give both times of each range on ${name}, such as 09:00 to 17:00, or clear both to remove it.`;
      return;
    }
    if (ranges.length === 0) return;
    try {
      hours.push(...readHours([day, ...ranges.map((range) => `${range.from}-${range.to}`)]));
    } catch (error) {
      problems[day] = `On ${name}, ${(error as Error).message}`;
    }
  });
  if (Object.keys(problems).length === 0 && hours.length === 0) {
    problems.mon = 'Give at least one day its hours: with none, /demo offers no times at all.';
  }
  if (!zone || Object.keys(problems).length > 0) return { problems };
  const typed = weekdays
    .flatMap((day, index) => {
      const spans = hours.filter((span) => span.weekday === index + 1);
      return spans.length > 0 ? [`${day} ${spans.map((span) => `${span.starts}-${span.ends}`).join(' ')}`] : [];
    })
    .join(' ');
  return writeHours(data, actor, zone, hours, typed);
}

/** A day off's start and end in `zone`: whole days from the first's midnight to the day after the last, or a range. */
function dayOffRange(input: DayOffInput, zone: string): { start: Date; end: Date } | Refusal {
  const last = input.to || input.from;
  const start = DateTime.fromISO(input.fromTime ? `${input.from}T${input.fromTime}` : input.from, { zone });
  const end = input.toTime
    ? DateTime.fromISO(`${last}T${input.toTime}`, { zone })
    : DateTime.fromISO(last, { zone }).plus({ days: 1 });
  if (!start.isValid) return refuse('from', `${input.from} is not a day on the calendar.`);
  if (!end.isValid) return refuse('to', `${last} is not a day on the calendar.`);
  if (end <= start)
    return refuse(input.toTime ? 'toTime' : 'to', 'The time off ends before it starts. Check the dates.');
  return { start: start.toJSDate(), end: end.toJSDate() };
}

/** Blocks time off for one host, or for everyone, in the team's zone; a day already past is refused. */
export async function addDayOff(
  data: DataAccess,
  input: DayOffInput,
  actor: Actor,
  now = new Date(),
): Promise<{ id: string; start: Date; end: Date; host: string | null } | Refusal> {
  const zone = await teamZone(data);
  const range = dayOffRange(input, zone);
  if ('problems' in range) return range;
  if (DateTime.fromISO(input.from, { zone }) < DateTime.fromJSDate(now, { zone }).startOf('day')) {
    return refuse('from', `${input.from} has passed. Give today or a day to come.`);
  }
  const host = input.host || null;
  if (host && !(await data.demos.hosts()).some((row) => row.id === host)) {
    return refuse('host', `No host has the id ${host}. Choose one of the hosts, or everyone.`);
  }
  return audited(data, actor, async (trx) => {
    const id = await data.demos.in(trx).addBlock({ ...range, hostId: host, reason: input.reason || null });
    const detail = { from: range.start.toISOString(), to: range.end.toISOString(), host: host ?? 'everyone' };
    return { result: { id, ...range, host }, audit: { action: 'demo.blocked', recordId: id, detail } };
  });
}

/** Removes time off; false when there is none with this id. */
export function removeDayOff(data: DataAccess, id: string, actor: Actor): Promise<boolean> {
  return audited(data, actor, async (trx) => {
    const removed = await data.demos.in(trx).removeBlock(id);
    return { result: removed, ...(removed ? { audit: { action: 'demo.unblocked', recordId: id } } : {}) };
  });
}

/** Adds a host, or changes the one with this id; one with no address is the sales inbox. */
export function saveHost(data: DataAccess, input: HostInput, actor: Actor): Promise<void> {
  return audited(data, actor, async (trx) => {
    await data.demos.in(trx).saveHost({ id: input.id, name: input.name, email: input.email || null });
    return {
      result: undefined,
      audit: { action: 'demo.host-saved', recordId: input.id, detail: { name: input.name } },
    };
  });
}

/** A new host's id from a member's name ("Ada Obi" is `ada-obi`), one no host has had. */
function newHostId(name: string, taken: Set<string>): string {
  const base =
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36) || 'host';
  let id = base;
  for (let count = 2; taken.has(id); count++) id = `${base}-${count}`;
  return id;
}

/**
 * Makes a member of the team a host, or the sales inbox (D32's default host, which is no member).
 * A member who was a host before, or whose address a host has, becomes that host again, so their
 * past bookings and days off stay theirs; the host takes the member's name and address.
 */
export function addHost(
  data: DataAccess,
  pick: HostPick,
  actor: Actor,
): Promise<{ id: string; name: string } | Refusal> {
  return audited<{ id: string; name: string } | Refusal>(data, actor, async (trx) => {
    const demos = data.demos.in(trx);
    let host: { id: string; name: string; email: string | null; memberId: string | null };
    if (pick.member === 'inbox') {
      const inbox = await demos.inboxHost();
      if (inbox && !inbox.removed_at) return { result: refuse('member', 'The sales inbox is already a host.') };
      const id = inbox?.id ?? newHostId('sales', await demos.hostIds());
      host = { id, name: inbox?.name ?? 'Sales team', email: null, memberId: null };
    } else {
      const member = await data.team.in(trx).member(pick.member);
      if (!member) return { result: refuse('member', 'Choose one of the team’s members, or the sales inbox.') };
      const before = await demos.hostOfMember(member);
      if (before && !before.removed_at && before.member_id) {
        return { result: refuse('member', `${member.name} is already a host.`) };
      }
      const id = before?.id ?? newHostId(member.name, await demos.hostIds());
      host = { id, name: member.name, email: member.email, memberId: member.id };
    }
    await demos.saveHost(host);
    const detail = { name: host.name, member: host.memberId ?? 'the sales inbox' };
    return {
      result: { id: host.id, name: host.name },
      audit: { action: 'demo.host-saved', recordId: host.id, detail },
    };
  });
}

/** Removes a host who has no demos to come. */
export function removeHost(
  data: DataAccess,
  id: string,
  now: Date,
  actor: Actor,
): Promise<'removed' | 'missing' | 'booked'> {
  return audited(data, actor, async (trx) => {
    const removed = await data.demos.in(trx).removeHost(id, now);
    return {
      result: removed,
      ...(removed === 'removed' ? { audit: { action: 'demo.host-removed', recordId: id } } : {}),
    };
  });
}
