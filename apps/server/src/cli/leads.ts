import { leadReport, type LeadFormat } from '../submissions/lead-report.ts';
import { formatQuarantine, releaseQuarantined } from '../submissions/quarantine.ts';
import { isLeadKind, leadKinds, type LeadKind } from '@growmail/contracts/form-names';
import { defineCommand, readArguments, runMain, UsageError } from './run.ts';

type LeadsArgs =
  | { command: 'list' | 'export'; type?: LeadKind; since?: string; format: LeadFormat }
  | { command: 'quarantine'; action: 'list' }
  | { command: 'quarantine'; action: 'release'; id: string };

/** `quarantine list` and `quarantine release <id>`; they take no options. */
function parseQuarantine(options: Record<string, unknown>, [action, id, ...rest]: string[]): LeadsArgs {
  const option = Object.keys(options).find((name) => options[name] !== undefined);
  if (option) throw new UsageError(`--${option} does not apply to quarantine.`);
  if (action === 'list') {
    if (id !== undefined) throw new UsageError(`Unexpected argument '${id}'.`);
    return { command: 'quarantine', action };
  }
  if (action === 'release') {
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
  usage: `Usage: npm run leads -- list|export [--type demo|startup|savings|enquiry] [--since YYYY-MM-DD] [--format csv|json]
       npm run leads -- quarantine list
       npm run leads -- quarantine release <id>

  list                 a readable table of leads, newest first
  export               every field of every lead, as CSV (default) or JSON, for a spreadsheet or a CRM
  quarantine list      submissions held as probable spam, with why; kept 30 days, nobody was told
  quarantine release   makes a held submission a lead: its mail to sales, webhook and
                       acknowledgement are queued, and a running server sends them
Reads DATABASE_URL like the server.`,
  options: { type: { type: 'string' }, since: { type: 'string' }, format: { type: 'string' } },
  parse: ({ type, since, format }, [command, ...rest]): LeadsArgs => {
    if (command === undefined) throw new UsageError('Missing command: say list, export or quarantine.');
    if (command === 'quarantine') return parseQuarantine({ type, since, format }, rest);
    if (command !== 'list' && command !== 'export') {
      throw new UsageError(`Unknown command '${command}': say list, export or quarantine.`);
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
    };
  },
  run: async (args, context) => {
    const data = await context.data();
    if (args.command !== 'quarantine') {
      process.stdout.write(await leadReport(data, args));
      return;
    }
    if (args.action === 'list') {
      process.stdout.write(formatQuarantine(await data.quarantine.list()));
      return;
    }
    const leadId = await releaseQuarantined(data, context.config(), args.id);
    if (!leadId) throw new Error(`Nothing in quarantine has the id ${args.id}.`);
    console.log(`Released ${args.id} as lead ${leadId}; a running server sends its mail and webhook.`);
  },
});

/** The arguments a command line gives `npm run leads`; throws UsageError. */
export const parseLeadsArgs = (argv: string[]): LeadsArgs => readArguments(leads, argv);

if (import.meta.main) await runMain(leads);
