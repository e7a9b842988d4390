import {
  dayOffSchema,
  hostSchema,
  hoursSchema,
  type DayOffInput,
  type HostInput,
  type HoursInput,
} from '@growmail/contracts/demo-availability';
import { DateTime } from 'luxon';
import type * as z from 'zod/mini';
import { commandActor } from '../lib/actor.ts';
import { defaultZone } from '../demos/availability.ts';
import {
  addDayOff,
  removeDayOff,
  removeHost,
  saveHost,
  setHours,
  teamZone,
  type Refusal,
} from '../demos/availability-changes.ts';
import { cancelBooking } from '../demos/change-booking.ts';
import { describeHours } from '../demos/hours-text.ts';
import { formatBookings } from '../demos/report.ts';
import type { Config } from '../config.ts';
import type { DataAccess } from '../repositories/index.ts';
import { printable, textTable } from '../lib/report-text.ts';
import { defineCommand, readArguments, runMain, UsageError } from './run.ts';

type DemosArgs =
  | { command: 'hours'; set?: HoursInput }
  | { command: 'block'; action: 'list' }
  | { command: 'block'; action: 'add'; dayOff: DayOffInput }
  | { command: 'block'; action: 'remove'; id: string }
  | { command: 'hosts'; action: 'list' }
  | { command: 'hosts'; action: 'add'; host: HostInput }
  | { command: 'hosts'; action: 'remove'; id: string }
  | { command: 'list'; format: 'table' | 'csv' }
  | { command: 'cancel'; id: string };

type Options = { zone?: string; host?: string; reason?: string; name?: string; email?: string; format?: string };

/** The input read by the schema the console's form uses too, or a usage error in its words. */
function read<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new UsageError(result.error.issues[0]?.message ?? 'Check the arguments.');
  return result.data;
}

/** Refuses every option given but those named. */
function only(options: Options, command: string, ...allowed: (keyof Options)[]) {
  const extra = (Object.keys(options) as (keyof Options)[]).find(
    (name) => options[name] !== undefined && !allowed.includes(name),
  );
  if (extra) throw new UsageError(`--${extra} does not apply to ${command}.`);
}

function one(rest: string[], what: string): string {
  if (rest[0] === undefined) throw new UsageError(`Give ${what}.`);
  if (rest.length > 1) throw new UsageError(`Unexpected argument '${rest[1]}'.`);
  return rest[0];
}

function parse(options: Options, [command, action, ...rest]: string[]): DemosArgs {
  switch (command) {
    case 'hours': {
      only(options, 'hours', 'zone');
      if (action === undefined) {
        if (options.zone) throw new UsageError('Give --zone with hours set.');
        return { command };
      }
      if (action !== 'set') throw new UsageError(`Unknown hours command '${action}': say hours, or hours set.`);
      return { command, set: read(hoursSchema, { hours: rest.join(' '), zone: options.zone }) };
    }
    case 'block': {
      if (action === undefined || action === 'list') {
        only(options, 'block list');
        if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);
        return { command, action: 'list' };
      }
      if (action === 'remove') {
        only(options, 'block remove');
        return { command, action, id: one(rest, 'the id that block list shows') };
      }
      if (action !== 'add') throw new UsageError(`Unknown block command '${action}': say list, add or remove.`);
      only(options, 'block add', 'host', 'reason');
      const [from, to, ...more] = rest;
      if (more.length > 0) throw new UsageError(`Unexpected argument '${more[0]}'.`);
      if (from === undefined) throw new UsageError('Give block add a day (2026-12-24) or a start (2026-12-24T12:00).');
      // Whole days (2026-12-24 [2026-12-26]) or a range (2026-12-24T12:00 2026-12-24T14:00).
      const [start, end] = [from, to ?? ''].map((text) => text.split('T')) as [string[], string[]];
      const dayOff = read(dayOffSchema, {
        from: start[0],
        to: end[0],
        fromTime: start[1] ?? '',
        toTime: end[1] ?? '',
        host: options.host,
        reason: options.reason,
      });
      return { command, action, dayOff };
    }
    case 'hosts': {
      if (action === undefined || action === 'list') {
        only(options, 'hosts list');
        return { command, action: 'list' };
      }
      if (action === 'remove') {
        only(options, 'hosts remove');
        return { command, action, id: one(rest, 'the id of the host to remove') };
      }
      if (action !== 'add') throw new UsageError(`Unknown hosts command '${action}': say list, add or remove.`);
      only(options, 'hosts add', 'name', 'email');
      const id = one(rest, 'hosts add an id, such as ada');
      return { command, action, host: read(hostSchema, { id, name: options.name ?? '', email: options.email }) };
    }
    case 'list': {
      only(options, 'list', 'format');
      if (action !== undefined) throw new UsageError(`Unexpected argument '${action}'.`);
      if (options.format !== undefined && options.format !== 'table' && options.format !== 'csv') {
        throw new UsageError('--format must be table or csv.');
      }
      return { command, format: (options.format as 'table' | 'csv' | undefined) ?? 'table' };
    }
    case 'cancel':
      only(options, 'cancel');
      return {
        command,
        id: one(action === undefined ? [] : [action, ...rest], 'the id of the booking that list shows'),
      };
    case undefined:
      throw new UsageError('Missing command: say hours, block, hosts, list or cancel.');
    default:
      throw new UsageError(`Unknown command '${command}': say hours, block, hosts, list or cancel.`);
  }
}

/** A change the use case refused, in its own words. */
function refused<T extends object>(result: T | Refusal): T {
  if ('problems' in result) throw new UsageError(Object.values(result.problems)[0]);
  return result;
}

const actor = commandActor('demos');

async function run(args: DemosArgs, data: DataAccess, config: Config, now: Date): Promise<string> {
  switch (args.command) {
    case 'hours': {
      if (!args.set) {
        const hours = await data.demos.hours();
        return describeHours(hours, hours[0]?.zone ?? defaultZone);
      }
      const { zone, hours } = refused(await setHours(data, args.set, actor));
      return `Saved. ${describeHours(hours, zone)}`;
    }
    case 'block': {
      const zone = await teamZone(data);
      if (args.action === 'list') {
        const blocks = await data.demos.blocks(now);
        if (blocks.length === 0) return 'No blocks to come.\n';
        const at = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('yyyy-LL-dd HH:mm');
        const rows = blocks.map((block) =>
          [at(block.starts_at), at(block.ends_at), block.host_id ?? 'everyone', block.reason ?? '', block.id].map(
            printable,
          ),
        );
        return textTable([`from (${zone})`, 'to', 'host', 'reason', 'id'], rows);
      }
      if (args.action === 'remove') {
        if (!(await removeDayOff(data, args.id, actor))) throw new Error(`No block has the id ${args.id}.`);
        return `Removed block ${args.id}.\n`;
      }
      const { id, start, end, host } = refused(await addDayOff(data, args.dayOff, actor, now));
      return `Blocked ${start.toISOString()} to ${end.toISOString()} for ${host ?? 'everyone'}: ${id}\n`;
    }
    case 'hosts': {
      if (args.action === 'list') {
        const hosts = await data.demos.hosts();
        if (hosts.length === 0) return 'No hosts: no demo slots are offered.\n';
        const rows = hosts.map((host) => [host.id, host.name, host.email ?? '(the sales inbox)'].map(printable));
        return textTable(['id', 'name', 'email'], rows);
      }
      if (args.action === 'remove') {
        const removed = await removeHost(data, args.id, now, actor);
        if (removed === 'missing') throw new Error(`No host has the id ${args.id}.`);
        if (removed === 'booked') throw new Error(`${args.id} has demos to come: cancel or wait for them first.`);
        return `Removed host ${args.id}.\n`;
      }
      await saveHost(data, args.host, actor);
      return `Saved host ${args.host.id}.\n`;
    }
    case 'list':
      return formatBookings(await data.demos.upcoming(now), await teamZone(data), args.format);
    case 'cancel':
      if (!(await cancelBooking(data, config, args.id, now, actor))) {
        throw new Error(`No upcoming booking has the id ${args.id}: it is unknown, cancelled or past.`);
      }
      return `Cancelled ${args.id}.\n`;
  }
}

/** `npm run demos`: the demo availability sales keeps, and the demos booked (D32). */
export const demos = defineCommand({
  name: 'demos',
  usage: `Usage: npm run demos -- hours [set <days> <from-to>... [--zone <IANA zone>]]
       npm run demos -- block [list] | block add <day> [<last day>] | block add <start> <end> [--host <id>] [--reason <text>]
       npm run demos -- block remove <id>
       npm run demos -- hosts [list] | hosts add <id> --name <name> [--email <address>] | hosts remove <id>
       npm run demos -- list [--format table|csv]
       npm run demos -- cancel <booking id>

  hours     the weekly hours slots are cut from; set replaces the whole week, for example
            hours set mon-fri 09:00-12:00 13:00-17:00 --zone Africa/Lagos
            (the zone stays as it was when --zone is not given)
  block     days off (2026-12-24 2026-12-26, whole days) or a range (2026-12-24T12:00
            2026-12-24T14:00), in the hours' zone, for one host or everyone
  hosts     the people who take demos; a slot stays open while any host is free, and a host
            with no --email is the sales inbox
  list      upcoming demos, as a table or as CSV escaped like the leads export
  cancel    cancels a demo; a running server mails the prospect the cancellation
Reads DATABASE_URL like the server.`,
  options: {
    zone: { type: 'string' },
    host: { type: 'string' },
    reason: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    format: { type: 'string' },
  },
  parse,
  run: async (args, context) => {
    process.stdout.write(await run(args, await context.data(), context.config(), new Date()));
  },
});

/** The arguments a command line gives `npm run demos`; throws UsageError. */
export const parseDemosArgs = (argv: string[]): DemosArgs => readArguments(demos, argv);

/** Runs a parsed command on `data` at `now`, returning what it prints: the tests' way in. */
export const runDemos = run;

if (import.meta.main) await runMain(demos);
