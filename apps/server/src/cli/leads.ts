import { leadReport, type LeadFormat } from '../submissions/lead-report.ts';
import { leadKinds, type LeadKind } from '../submissions/store-lead.ts';
import { defineCommand, readArguments, runMain, UsageError } from './run.ts';

type LeadsArgs = { command: 'list' | 'export'; type?: LeadKind; since?: string; format: LeadFormat };

/** `npm run leads`: the leads in the database, as a table to read or a file to import elsewhere. */
export const leads = defineCommand({
  name: 'leads',
  usage: `Usage: npm run leads -- list|export [--type demo|startup|savings|enquiry] [--since YYYY-MM-DD] [--format csv|json]

  list     a readable table of leads, newest first
  export   every field of every lead, as CSV (default) or JSON, for a spreadsheet or a CRM
Reads DATABASE_URL like the server.`,
  options: { type: { type: 'string' }, since: { type: 'string' }, format: { type: 'string' } },
  parse: ({ type, since, format }, [command, ...rest]): LeadsArgs => {
    if (command === undefined) throw new UsageError('Missing command: say list or export.');
    if (command !== 'list' && command !== 'export') {
      throw new UsageError(`Unknown command '${command}': say list or export.`);
    }
    if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);
    if (type !== undefined && !leadKinds.includes(type as LeadKind)) {
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
    process.stdout.write(await leadReport(await context.database(), args));
  },
});

/** The arguments a command line gives `npm run leads`; throws UsageError. */
export const parseLeadsArgs = (argv: string[]): LeadsArgs => readArguments(leads, argv);

if (import.meta.main) await runMain(leads);
