import { sql } from 'kysely';
import type { LeadTotalsTable } from '../db/schema.ts';
import type { Executor } from './repository.ts';

/**
 * The daily lead totals the Marketing page reads (migration 0024). Each write that stores or
 * deletes a lead, or makes, cancels or deletes a booking, adds what it changed here, on the
 * executor it writes with, so the totals move in its transaction. A booking counts while it is
 * live and its lead is kept: deleting a lead takes its bookings out of the totals with it.
 */

/** The columns that place a row of the totals. */
const placeColumns = ['day', 'type', 'language', 'source', 'medium', 'campaign', 'entry_path', 'form_page'] as const;

/** Rows of the totals, each with what it adds (or, negative, takes away). */
export type Counted = LeadTotalsTable[];

/** A lead's columns that place it in the totals. */
type PlacedLead = Pick<LeadTotalsTable, 'type' | 'language'> & {
  created_at: string;
  source_name: string | null;
  source_medium: string | null;
  source_campaign: string | null;
  entry_path: string | null;
  form_page: string | null;
};

/** Where a lead is counted, on a day: its own (its leads and bookings) or a booking's (its demos). */
const placeOf = (lead: PlacedLead, day = lead.created_at.slice(0, 10)) => ({
  day,
  type: lead.type,
  language: lead.language,
  source: lead.source_name ?? 'unknown',
  medium: lead.source_medium ?? '',
  campaign: lead.source_campaign ?? '',
  entry_path: lead.entry_path ?? '',
  form_page: lead.form_page ?? '',
});

/** What one new lead adds. */
export const newLead = (lead: PlacedLead): Counted => [{ ...placeOf(lead), leads: 1, booked: 0, demos: 0 }];

/** Ids a query names at once: SQLite's bound parameters are limited. */
const chunk = 500;

const leadColumns = [
  'leads.created_at',
  'leads.type',
  'leads.language',
  'leads.source_name',
  'leads.source_medium',
  'leads.source_campaign',
  'leads.entry_path',
  'leads.form_page',
] as const;

/** What live bookings count: each in its lead's day's `booked` and its own day's `demos`. */
const bookingsCounted = (rows: (PlacedLead & { booked_at: string })[]): Counted =>
  rows.flatMap((row) => [
    { ...placeOf(row), leads: 0, booked: 1, demos: 0 },
    { ...placeOf(row, row.booked_at.slice(0, 10)), leads: 0, booked: 0, demos: 1 },
  ]);

/** What some leads count now: themselves, and their live bookings. */
export async function countedLeads(db: Executor, ids: readonly string[]): Promise<Counted> {
  const counted: Counted = [];
  for (let start = 0; start < ids.length; start += chunk) {
    const some = ids.slice(start, start + chunk);
    const leads = await db.selectFrom('leads').select(leadColumns).where('id', 'in', some).execute();
    counted.push(...leads.map((lead) => ({ ...placeOf(lead), leads: 1, booked: 0, demos: 0 })));
    counted.push(...bookingsCounted(await liveBookings(db).where('demo_bookings.lead_id', 'in', some).execute()));
  }
  return counted;
}

/** What some bookings count now: those live, whose lead is kept. */
export async function countedBookings(db: Executor, ids: readonly string[]): Promise<Counted> {
  const counted: Counted = [];
  for (let start = 0; start < ids.length; start += chunk)
    counted.push(
      ...bookingsCounted(
        await liveBookings(db)
          .where('demo_bookings.id', 'in', ids.slice(start, start + chunk))
          .execute(),
      ),
    );
  return counted;
}

const liveBookings = (db: Executor) =>
  db
    .selectFrom('demo_bookings')
    .innerJoin('leads', 'leads.id', 'demo_bookings.lead_id')
    .select([...leadColumns, 'demo_bookings.created_at as booked_at'])
    .where('demo_bookings.status', '=', 'booked');

/**
 * Adds rows to the totals (`sign` -1 takes them away), summed by place first and written in the
 * order of their places, so two transactions never wait on each other's rows. A place left at
 * nothing is deleted, so deleted leads leave no rows behind.
 */
export async function addToTotals(db: Executor, counted: Counted, sign: 1 | -1 = 1): Promise<void> {
  const byPlace = new Map<string, LeadTotalsTable>();
  for (const row of counted) {
    const key = JSON.stringify(placeColumns.map((column) => row[column]));
    const known = byPlace.get(key) ?? { ...row, leads: 0, booked: 0, demos: 0 };
    known.leads += sign * row.leads;
    known.booked += sign * row.booked;
    known.demos += sign * row.demos;
    byPlace.set(key, known);
  }
  const rows = [...byPlace].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  for (let start = 0; start < rows.length; start += 100)
    await db
      .insertInto('lead_totals')
      .values(rows.slice(start, start + 100))
      .onConflict((conflict) =>
        conflict.columns(placeColumns).doUpdateSet((eb) => ({
          leads: eb('lead_totals.leads', '+', eb.ref('excluded.leads')),
          booked: eb('lead_totals.booked', '+', eb.ref('excluded.booked')),
          demos: eb('lead_totals.demos', '+', eb.ref('excluded.demos')),
        })),
      )
      .execute();
  if (sign < 0 && rows.length > 0)
    await db
      .deleteFrom('lead_totals')
      .where('day', 'in', [...new Set(rows.map((row) => row.day))])
      .where(sql<boolean>`leads = 0 and booked = 0 and demos = 0`)
      .execute();
}
