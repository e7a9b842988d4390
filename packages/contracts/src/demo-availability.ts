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
