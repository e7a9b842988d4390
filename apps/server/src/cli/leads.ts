import { leadReport, type LeadFormat, type LeadLimit } from '../submissions/lead-report.ts';
import { commandActor } from '../lib/actor.ts';
import { quarantineReport, releaseQuarantined, type ReleasedBooking } from '../submissions/quarantine.ts';
import { isLeadKind, leadKinds, type LeadKind } from '@growmail/contracts/form-names';
import { defineCommand, print, readArguments, runMain, UsageError } from './run.ts';

type LeadsArgs =
  | { command: 'list' | 'export'; type?: LeadKind; since?: string; format: LeadFormat; limit: LeadLimit }
  | { command: 'quarantine'; action: 'list'; limit: LeadLimit }
  | { command: 'quarantine'; action: 'release'; id: string };

/** What the command says of a released demo request's slot (D32). */
const bookingOutcome: Record<Exclude<ReleasedBooking, 'no-slot-asked'>, string> = {
  booked: 'It booked the slot it asked for: the invitation and demo.booked are queued.',
  'slot-gone':
    'The slot it asked for is no longer open, so it is a request without a slot; offer the person another time.',
  'holds-a-booking': 'The address already holds an open booking, so it took no other slot.',
};

/** What a list shows unless told otherwise: enough to read at a terminal, whatever the table holds. */
const defaultLimit = 50;

/** How many rows a list shows: --limit N, --all, or the newest 50. */
function readLimit(limit: string | undefined, all: boolean | undefined): LeadLimit {
  if (all && limit !== undefined) throw new UsageError('Say --limit or --all, not both.');
  if (all) return 'all';
  if (limit === undefined) return defaultLimit;
  if (!/^[1-9]\d{0,8}$/.test(limit)) throw new UsageError('--limit must be a whole number from 1.');
  return Number(limit);
}

/** `quarantine list [--limit N | --all]` and `quarantine release <id>`. */
function parseQuarantine(
  options: Record<string, unknown>,
  limit: string | undefined,
  all: boolean | undefined,
  [action, id, ...rest]: string[],
): LeadsArgs {
  const option = Object.keys(options).find((name) => options[name] !== undefined);
  if (option) throw new UsageError(`--${option} does not apply to quarantine.`);
  if (action === 'list') {
    if (id !== undefined) throw new UsageError(`Unexpected argument '${id}'.`);
    return { command: 'quarantine', action, limit: readLimit(limit, all) };
  }
  if (action === 'release') {
    if (limit !== undefined || all) throw new UsageError(`--${all ? 'all' : 'limit'} applies to quarantine list.`);
    if (id === undefined) throw new UsageError('Give release the id that quarantine list shows.');
    if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);
    return { command: 'quarantine', action, id };
  }
  throw new UsageError(
    action
      ? `Unknown quarantine command '${action}': say list or release.`
      : 'Say quarantine list or quarantine release <id>.',
  );
}

/** `npm run leads`: the leads in the database, as a table to read or a file to import elsewhere. */
export const leads = defineCommand({
  name: 'leads',
  usage: `Usage: npm run leads -- list [--limit N | --all] [--type demo|startup|savings|enquiry] [--since YYYY-MM-DD]
       npm run leads -- export [--type demo|startup|savings|enquiry] [--since YYYY-MM-DD] [--format csv|json]
       npm run leads -- quarantine list [--limit N | --all]
       npm run leads -- quarantine release <id>

  list                 a readable table of the newest 50 leads, or N, or --all of them
  export               every lead, as CSV (default) or JSON, for a spreadsheet or a CRM; printed as
                       it is read, however many. The CSV's columns are each form's fields.
  quarantine list      submissions held as probable spam, newest 50 first, with why; kept 30 days,
                       nobody was told
  quarantine release   makes a held submission a lead: its mail to sales, webhook and
                       acknowledgement are queued, and a running server sends them. A held demo
                       request books the slot it asked for if it is still open; if not, it is
                       released as a request without a slot, and the command says so
Reads DATABASE_URL like the server.`,
  options: {
    type: { type: 'string' },
    since: { type: 'string' },
    format: { type: 'string' },
    limit: { type: 'string' },
    all: { type: 'boolean' },
  },
  parse: ({ type, since, format, limit, all }, [command, ...rest]): LeadsArgs => {
    if (command === undefined) throw new UsageError('Missing command: say list, export or quarantine.');
    if (command === 'quarantine') return parseQuarantine({ type, since, format }, limit, all, rest);
    if (command !== 'list' && command !== 'export') {
      throw new UsageError(`Unknown command '${command}': say list, export or quarantine.`);
    }
    if (command === 'export' && (limit !== undefined || all)) {
      throw new UsageError(`--${all ? 'all' : 'limit'} applies to list; export prints every lead.`);
    }
    if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);
    if (type !== undefined && !isLeadKind(type)) {
      throw new UsageError(`--type must be one of ${leadKinds.join(', ')}.`);
    }
    if (since !== undefined && (!/^\d{4}-\d{2}-\d{2}/.test(since) || Number.isNaN(Date.parse(since)))) {
      throw new UsageError('--since must be a date such as 2026-01-31.');
    }
    if (format !== undefined && format !== 'csv' && format !== 'json') {
      throw new UsageError('--format must be csv or json.');
    }
    return {
      command,
      ...(type ? { type: type as LeadKind } : {}),
      ...(since ? { since: new Date(since).toISOString() } : {}),
      format: format ?? (command === 'list' ? 'table' : 'csv'),
      limit: command === 'list' ? readLimit(limit, all) : 'all',
    };
  },
  run: async (args, context) => {
    const data = await context.data();
    if (args.command !== 'quarantine') return print(leadReport(data, args));
    if (args.action === 'list') return print(quarantineReport(data, args.limit));
    const released = await releaseQuarantined(data, context.config(), args.id, commandActor('leads'));
    if (!released) throw new Error(`Nothing in quarantine has the id ${args.id}.`);
    if ('slotGone' in released)
      throw new Error('The slot it asked for was taken as it was released; run the release again.');
    console.log(`Released ${args.id} as lead ${released.leadId}; a running server sends its mail and webhook.`);
    if (released.booking !== 'no-slot-asked') console.log(bookingOutcome[released.booking]);
  },
});

/** The arguments a command line gives `npm run leads`; throws UsageError. */
export const parseLeadsArgs = (argv: string[]): LeadsArgs => readArguments(leads, argv);

if (import.meta.main) await runMain(leads);
