import type { ColumnType, Generated, Selectable } from 'kysely';

/** The tables as Kysely sees them. Timestamps are ISO text on both databases. */
export interface Database {
  leads: LeadsTable;
}

export interface LeadsTable {
  id: string;
  type: string;
  email: string;
  /** JSON text. */
  metadata: string;
  created_at: ColumnType<string, string | undefined, never> & Generated<string>;
}

export type LeadRow = Selectable<LeadsTable>;
