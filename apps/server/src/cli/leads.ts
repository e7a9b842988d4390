import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase, type Db } from '../db/index.ts';
import { leadKinds, type LeadKind } from '../submissions/store-lead.ts';

const usage = `Usage: npm run leads -- list|export [--type demo|startup|savings|enquiry] [--since YYYY-MM-DD] [--format csv|json]

  list     a readable table of leads, newest first
  export   every field of every lead, as CSV (default) or JSON, for a spreadsheet or a CRM
Reads DATABASE_URL like the server.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

type Options = { command: 'list' | 'export'; type?: LeadKind; since?: string; format: 'csv' | 'json' | 'table' };

export function parseLeadsArgs(argv: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { type: { type: 'string' }, since: { type: 'string' }, format: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [command, ...rest] = parsed.positionals;
  if ((command !== 'list' && command !== 'export') || rest.length > 0) throw new UsageError('Say list or export.');
  const { type, since, format } = parsed.values;
  if (type !== undefined && !leadKinds.includes(type as LeadKind)) {
    throw new UsageError(`--type must be one of ${leadKinds.join(', ')}.`);
  }
  if (since !== undefined && (!/^\d{4}-\d{2}-\d{2}/.test(since) || Number.isNaN(Date.parse(since)))) {
    throw new UsageError('--since must be a date such as 2026-01-31.');
  }
  if (format !== undefined && format !== 'csv' && format !== 'json')
    throw new UsageError('--format must be csv or json.');
  return {
    command,
    ...(type ? { type: type as LeadKind } : {}),
    ...(since ? { since: new Date(since).toISOString() } : {}),
    format: format ?? (command === 'list' ? 'table' : 'csv'),
  };
}

type Lead = { id: string; type: string; email: string; created_at: string; metadata: Record<string, unknown> };

export async function readLeads(db: Db, options: Pick<Options, 'type' | 'since'>): Promise<Lead[]> {
  let query = db.kysely.selectFrom('leads').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (options.type) query = query.where('type', '=', options.type);
  if (options.since) query = query.where('created_at', '>=', options.since);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, metadata: JSON.parse(row.metadata) as Record<string, unknown> }));
}

const cellText = (value: unknown): string =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value ?? '');

/**
 * OWASP's CSV-injection rule, for every cell: a spreadsheet runs a cell that starts with
 * = + - @, tab, CR or LF as a formula, a separator (, ;) can split off such a cell in another
 * locale, and leading spaces are skipped first. A leading apostrophe keeps it text.
 */
export const safeCell = (value: unknown): string => {
  const text = cellText(value);
  return /^\s*[=+\-@\t\r\n,;]/.test(text) ? `'${text}` : text;
};

/**
 * A table cell as the terminal should print it: control characters (an ESC that recolours the
 * screen or retitles the window, a newline that forges a row) become visible escapes.
 */
export const printable = (value: string): string =>
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  value.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => {
    return namedEscapes[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
const namedEscapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The terminal columns a cell takes, so rows line up: combining marks (the tones of "ọ̀") take none. */
const columnsOf = (cell: string): number => cell.replace(/\p{M}/gu, '').length;

export function formatLeads(leads: Lead[], format: Options['format']): string {
  if (format === 'json') return `${JSON.stringify(leads, null, 2)}\n`;
  const flat = leads.map(({ metadata, ...lead }) => {
    const { type: _type, ...fields } = metadata;
    return { ...lead, ...fields };
  });
  if (format === 'csv') {
    const columns = [...new Set(flat.flatMap((lead) => Object.keys(lead)))];
    const rows = flat.map((lead) => columns.map((column) => (lead as Record<string, unknown>)[column]));
    // Quoting every cell, empty ones too, keeps each one whole whatever separator the spreadsheet expects.
    return stringify(
      [columns, ...rows].map((row) => row.map(safeCell)),
      { quoted: true, quoted_empty: true },
    );
  }
  if (flat.length === 0) return 'No leads.\n';
  const rows = leads.map((lead) =>
    [lead.created_at.slice(0, 16).replace('T', ' '), lead.type, lead.email, describe(lead.metadata)].map(printable),
  );
  const header = ['received', 'type', 'email', 'details'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => columnsOf(row[column]!))));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell + ' '.repeat(widths[column]! - columnsOf(cell)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n${leads.length} lead${leads.length === 1 ? '' : 's'}\n`;
}

function describe(metadata: Record<string, unknown>): string {
  const name = [metadata.firstname, metadata.lastname].filter(Boolean).join(' ') || String(metadata.fullname ?? '');
  const extra =
    metadata.company_name ?? metadata.subject ?? (metadata.savings !== undefined ? `saves ${metadata.savings}` : '');
  return [name, extra].filter(Boolean).join(', ');
}

async function main() {
  let options: Options;
  try {
    options = parseLeadsArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db.kysely);
    process.stdout.write(formatLeads(await readLeads(db, options), options.format));
  } finally {
    await db.close();
  }
}

if (import.meta.main) await main();
