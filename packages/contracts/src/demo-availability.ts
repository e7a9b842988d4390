import * as z from 'zod/mini';
import { isEmail } from './rules.ts';

/**
 * What sales changes of the demo availability (D32): the weekly hours, days off and hosts. The
 * console's forms and `npm run demos` read their input with these schemas, so the two accept the
 * same things and say the same words about a mistake.
 */

const hostIdPattern = /^[a-z0-9][a-z0-9-]{0,39}$/;

const hostId = z
  .string()
  .check(z.trim(), z.regex(hostIdPattern, 'A host id is lower-case letters, digits and dashes, such as ada.'));

/** A host's id in a path. */
export const hostParams = z.object({ id: hostId });

/** An empty field, as a form sends one left blank, or the schema's value. */
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.union([z.literal(''), schema]));

export const hostSchema = z.object({
  id: hostId,
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Give the host a name.'), z.maxLength(100, 'Keep the name to 100 characters.')),
  email: optional(
    z
      .string()
      .check(z.trim(), z.refine(isEmail, 'Give an address such as ada@growmail.io, or none for the sales inbox.')),
  ),
});
export type HostInput = z.infer<typeof hostSchema>;

const day = /^\d{4}-\d{2}-\d{2}$/;
const time = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Time off, in the hours' zone: whole days from `from` to `to` (one day when `to` is empty), or,
 * with times, from `from` at `fromTime` to `to` (or the same day) at `toTime`. The command line
 * writes a range as `2026-12-24T12:00 2026-12-24T14:00`; the console has a field for each part.
 */
export const dayOffSchema = z
  .object({
    from: z.string().check(z.trim(), z.regex(day, 'Give the first day, such as 2026-12-24.')),
    to: optional(z.string().check(z.trim(), z.regex(day, 'Give the last day as a date, such as 2026-12-26.'))),
    fromTime: optional(z.string().check(z.trim(), z.regex(time, 'Give the start as a time, such as 12:00.'))),
    toTime: optional(z.string().check(z.trim(), z.regex(time, 'Give the end as a time, such as 14:00.'))),
    host: optional(hostId),
    reason: optional(z.string().check(z.trim(), z.maxLength(200, 'Keep the reason to 200 characters.'))),
  })
  .check(
    z.refine((input) => !input.fromTime === !input.toTime, {
      message: 'Give both times for part of a day, or neither for whole days.',
      path: ['toTime'],
    }),
  );
export type DayOffInput = z.infer<typeof dayOffSchema>;

export const hoursSchema = z.object({
  hours: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the days and their hours, such as mon-fri 09:00-17:00.'),
      z.maxLength(400, 'Keep the hours to 400 characters.'),
    ),
  zone: optional(z.string().check(z.trim(), z.maxLength(100, 'Give a time zone such as Africa/Lagos.'))),
});
export type HoursInput = z.infer<typeof hoursSchema>;

/** The weekdays as the hours' form names them, Monday first (ISO weekday = index + 1). */
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/** The most time ranges a day may have in the form: a lunch break is two. */
export const rangesPerDay = 6;

/** A repeated time field: one value, or one per range; left blank when a range is being added. */
const times = z.optional(
  z.union([
    z.string().check(z.maxLength(5)),
    z.array(z.string().check(z.maxLength(5))).check(z.maxLength(rangesPerDay + 1)),
  ]),
);

/**
 * The console's week of hours (issue 54): each weekday's ranges as `mon-from` and `mon-to`, one
 * pair per range in order, and the zone, picked from a list. `add` (a weekday) and `drop`
 * (`mon-1`: its second range) change the form, not the hours, so it works without script.
 */
export const weekFormSchema = z.object({
  zone: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Choose a time zone, such as Lagos.'),
      z.maxLength(100, 'Choose a time zone from the list, such as Lagos.'),
    ),
  add: z.optional(z.enum(weekdays)),
  drop: z.optional(z.string().check(z.regex(/^(mon|tue|wed|thu|fri|sat|sun)-[0-9]$/))),
  ...(Object.fromEntries(
    weekdays.flatMap((day) => [`${day}-from`, `${day}-to`].map((name) => [name, times])),
  ) as Record<`${Weekday}-${'from' | 'to'}`, typeof times>),
});

/** A day's ranges as typed, blank ones too, Monday first. */
export type TypedWeek = Array<Array<{ from: string; to: string }>>;

/** Each weekday's ranges as the form posted them, paired in order; a missing time is blank. */
export function typedWeek(form: Partial<Record<string, unknown>>): TypedWeek {
  const list = (value: unknown) => [value ?? []].flat().filter((item): item is string => typeof item === 'string');
  return weekdays.map((day) => {
    const from = list(form[`${day}-from`]);
    const to = list(form[`${day}-to`]);
    return Array.from({ length: Math.min(rangesPerDay + 1, Math.max(from.length, to.length)) }, (_, index) => ({
      from: from[index]?.trim() ?? '',
      to: to[index]?.trim() ?? '',
    }));
  });
}
