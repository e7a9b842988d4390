import type { LeadKind } from '@growmail/contracts/form-names';
import { csvText, printable, textTable } from '../lib/report-text.ts';
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

function describe(metadata: Record<string, unknown>): string {
  const name = [metadata.firstname, metadata.lastname].filter(Boolean).join(' ') || String(metadata.fullname ?? '');
  const extra =
    metadata.company_name ?? metadata.subject ?? (metadata.savings !== undefined ? `saves ${metadata.savings}` : '');
  return [name, extra].filter(Boolean).join(', ');
}
