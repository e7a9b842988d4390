import type { LeadKind } from '@growmail/contracts/form-names';
import { stringify } from 'csv-stringify/sync';
import type { Repositories } from '../repositories/index.ts';

/** Which leads to read: one kind, and those received since an ISO time; both optional. */
export type LeadFilter = { type?: LeadKind; since?: string };

/** `table` for a person at a terminal, `csv` for a spreadsheet, `json` for a CRM. */
export type LeadFormat = 'csv' | 'json' | 'table';

export type Lead = { id: string; type: string; email: string; created_at: string; metadata: Record<string, unknown> };

/** The leads the filter picks, in the format asked for, ready to print. */
export async function leadReport(
  data: Pick<Repositories, 'leads'>,
  options: LeadFilter & { format: LeadFormat },
): Promise<string> {
  return formatLeads(await readLeads(data, options), options.format);
}

/** The leads the filter picks, newest first. */
export async function readLeads({ leads }: Pick<Repositories, 'leads'>, options: LeadFilter): Promise<Lead[]> {
  const rows = await leads.list(options);
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

export function formatLeads(leads: Lead[], format: LeadFormat): string {
  if (format === 'json') return `${JSON.stringify(leads, null, 2)}\n`;
  const flat = leads.map(({ metadata, ...lead }) => {
    const { type: _type, ...fields } = metadata;
    return { ...lead, ...fields };
  });
  if (format === 'csv') {
    const columns = [...new Set(flat.flatMap((lead) => Object.keys(lead)))];
    const rows = flat.map((lead) => columns.map((column) => (lead as Record<string, unknown>)[column]));
    return csvText([columns, ...rows]);
  }
  if (flat.length === 0) return 'No leads.\n';
  const rows = leads.map((lead) =>
    [lead.created_at.slice(0, 16).replace('T', ' '), lead.type, lead.email, describe(lead.metadata)].map(printable),
  );
  return `${textTable(['received', 'type', 'email', 'details'], rows)}${leads.length} lead${leads.length === 1 ? '' : 's'}\n`;
}

/** Rows as CSV for a spreadsheet: every cell made safe (`safeCell`) and quoted, empty ones too, so each stays whole whatever separator the spreadsheet expects. */
export const csvText = (rows: readonly (readonly unknown[])[]): string =>
  stringify(
    rows.map((row) => row.map(safeCell)),
    { quoted: true, quoted_empty: true },
  );

/** Rows of printable cells as aligned columns under a header, for a terminal; each line ends with a newline. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => columnsOf(row[column]!))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell + ' '.repeat(widths[column]! - columnsOf(cell)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}

function describe(metadata: Record<string, unknown>): string {
  const name = [metadata.firstname, metadata.lastname].filter(Boolean).join(' ') || String(metadata.fullname ?? '');
  const extra =
    metadata.company_name ?? metadata.subject ?? (metadata.savings !== undefined ? `saves ${metadata.savings}` : '');
  return [name, extra].filter(Boolean).join(', ');
}
