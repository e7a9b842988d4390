import { demoRequestSchema, enquirySchema } from '@growmail/contracts/forms';
import { leadKinds, type LeadKind } from '@growmail/contracts/form-names';
import { savingsLeadSchema, startupLeadSchema } from '@growmail/contracts/leads';
import type { LeadSource } from '@growmail/contracts/lead-source';
import { csvStream, jsonArray, pagedTable, printable, textTable } from '../lib/report-text.ts';
import type { Repositories } from '../repositories/index.ts';
import type { LeadFilter } from '../repositories/leads.ts';

/** `table` for a person at a terminal, `csv` for a spreadsheet, `json` for a CRM. */
export type LeadFormat = 'csv' | 'json' | 'table';

/** How many leads to read, newest first: a number, or every one. */
export type LeadLimit = number | 'all';

export type Lead = {
  id: string;
  type: string;
  email: string;
  /** The language it was sent in (D37): `en` or `fr`. */
  language: string;
  created_at: string;
  metadata: Record<string, unknown>;
  /** Where it came from (D42); null for leads stored before sources were kept. */
  source: LeadSource | null;
};

type Data = Pick<Repositories, 'leads'>;

/** Text to print, in pieces as it is made (a CSV stream gives bytes). */
export type ReportText = AsyncIterable<string | Uint8Array>;

const fieldsOf = (shape: object) =>
  Object.keys(shape).filter((name) => name !== 'type' && name !== 'email' && name !== 'language');

/**
 * The CSV columns of each form's fields, in the order of its shared schema, beside the lead's
 * own id, type, email, language (D37) and created_at. Fixed, so the export prints its header before it reads a
 * row: a field a lead stores that its form's schema does not name is in the JSON export only.
 */
const leadFields: Record<LeadKind, readonly string[]> = {
  // A demo request that books a slot stores it with the form's fields (services/users/demos.ts).
  demo: [...fieldsOf(demoRequestSchema.shape.metadata.shape), 'demo_start', 'demo_zone'],
  startup: fieldsOf(startupLeadSchema.shape.metadata.shape),
  savings: fieldsOf(savingsLeadSchema.shape.metadata.shape),
  enquiry: fieldsOf(enquirySchema.shape),
};

/** The CSV header for leads of one kind, or of every kind (each form's fields, once, in form order). */
const leadColumns = (type?: LeadKind): string[] => [
  'id',
  'type',
  'email',
  'language',
  'created_at',
  ...new Set((type ? [type] : leadKinds).flatMap((kind) => leadFields[kind])),
];

/**
 * A lead's source (D42), after the form's columns so that a reader of the older export finds every
 * column where it was: the channel, the form's page, and its visit's entry page and source; then,
 * last (issue 40), the first landing the visitor's device kept, empty when it is unknown.
 */
const sourceColumns = [
  'source',
  'form_page',
  'entry_page',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'click_id',
  'referrer_host',
  'first_page',
  'first_utm_source',
  'first_utm_medium',
  'first_utm_campaign',
  'first_utm_content',
  'first_utm_term',
  'first_landed_at',
] as const;

const sourceCells = (source: LeadSource | null) => {
  const visit = source?.visit;
  const first = source?.first_touch;
  return [
    source?.channel,
    source?.form_page,
    visit?.entry_path,
    visit?.utm_source,
    visit?.utm_medium,
    visit?.utm_campaign,
    visit?.utm_content,
    visit?.utm_term,
    visit?.click_id,
    visit?.referrer_host,
    first?.path,
    first?.utm_source,
    first?.utm_medium,
    first?.utm_campaign,
    first?.utm_content,
    first?.utm_term,
    first?.landed_at,
  ];
};

const parseLead = (row: Omit<Lead, 'metadata' | 'source'> & { metadata: string; source: string | null }): Lead => ({
  ...row,
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  source: row.source === null ? null : (JSON.parse(row.source) as LeadSource),
});

/** The leads the filter picks, newest first, at most `limit`. */
export async function readLeads({ leads }: Data, options: LeadFilter & { limit?: number }): Promise<Lead[]> {
  return (await leads.list(options)).map(parseLead);
}

/** The leads the filter picks, newest first, at most `limit`, read from the database as they are consumed. */
export async function* streamLeads({ leads }: Data, filter: LeadFilter & { limit?: number }): AsyncGenerator<Lead> {
  for await (const row of leads.stream(filter)) yield parseLead(row);
}

/**
 * The leads the filter picks, newest first, as text to print, written as the rows are read: the
 * export of every lead starts at once and takes the memory of a few rows, however many there are.
 */
export function leadReport(data: Data, options: LeadFilter & { format: LeadFormat; limit?: LeadLimit }): ReportText {
  const { format, limit = 'all', ...chosen } = options;
  const { type } = chosen;
  const filter: LeadFilter = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined));
  if (format === 'table') return leadTable(data, filter, limit);
  return formatLeads(streamLeads(data, limit === 'all' ? filter : { ...filter, limit }), format, type);
}

/** Leads as CSV (the columns of `leadColumns(type)`) or a JSON array, as they come. */
function formatLeads(leads: AsyncIterable<Lead>, format: 'csv' | 'json', type?: LeadKind): ReportText {
  if (format === 'json') return jsonArray(leads);
  const columns = leadColumns(type);
  const fields = columns.slice(5);
  return csvStream(
    (async function* () {
      yield [...columns, ...sourceColumns];
      for await (const lead of leads) {
        yield [
          lead.id,
          lead.type,
          lead.email,
          lead.language,
          lead.created_at,
          ...fields.map((field) => lead.metadata[field]),
          ...sourceCells(lead.source),
        ];
      }
    })(),
  );
}

const tableHeader = ['received', 'type', 'email', 'details'];

const tableRow = (lead: Lead) =>
  [lead.created_at.slice(0, 16).replace('T', ' '), lead.type, lead.email, describe(lead.metadata)].map(printable);

const counted = (count: number) => `${count} lead${count === 1 ? '' : 's'}`;

/**
 * A readable table of the newest leads: `limit` of them, read in one query, or every one, read as
 * it is printed, in pages of a thousand that each line up their own columns.
 */
async function* leadTable(data: Data, filter: LeadFilter, limit: LeadLimit): AsyncGenerator<string> {
  if (limit === 'all') {
    let count = 0;
    const rows = async function* () {
      for await (const lead of streamLeads(data, filter)) {
        count++;
        yield tableRow(lead);
      }
    };
    yield* pagedTable(tableHeader, rows());
    yield count === 0 ? 'No leads.\n' : `${counted(count)}\n`;
    return;
  }
  // One more than asked says whether there are more to mention.
  const leads = await readLeads(data, { ...filter, limit: limit + 1 });
  if (leads.length === 0) {
    yield 'No leads.\n';
    return;
  }
  const shown = leads.slice(0, limit);
  yield textTable(tableHeader, shown.map(tableRow));
  yield leads.length > limit
    ? `The newest ${counted(limit)}; more with --limit N or --all\n`
    : `${counted(shown.length)}\n`;
}

function describe(metadata: Record<string, unknown>): string {
  const name = [metadata.firstname, metadata.lastname].filter(Boolean).join(' ') || String(metadata.fullname ?? '');
  const extra =
    metadata.company_name ?? metadata.subject ?? (metadata.savings !== undefined ? `saves ${metadata.savings}` : '');
  return [name, extra].filter(Boolean).join(', ');
}
