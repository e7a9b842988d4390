import type { Config } from '../config.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { Quarantined } from '../repositories/quarantine.ts';
import { printable } from '../lib/report-text.ts';
import { reasonText } from './screening.ts';
import { storeLead } from './store-lead.ts';

/**
 * Turns a held submission into the lead it would have been, in one transaction: the lead, its
 * mail to sales, its webhook event and the writer's acknowledgement are queued, and the held
 * row goes. A running server sends them. Returns the lead's id, or null when nothing is held
 * under `id`.
 */
export async function releaseQuarantined(data: DataAccess, config: Config, id: string): Promise<string | null> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const held = data.quarantine.in(trx);
    const row = await held.find(id);
    if (!row || !(await held.remove(id))) return null;
    return storeLead(data, trx, config, row.form, row.email, row.fields);
  });
}

/** The held submissions as a table for a terminal: what, from whom, why, and the id to release. */
export function formatQuarantine(rows: Quarantined[]): string {
  if (rows.length === 0) return 'Nothing in quarantine.\n';
  const lines = rows.map((row) =>
    [
      `${row.id}  ${row.created_at.slice(0, 16).replace('T', ' ')}  ${row.form}  ${printable(row.email)}`,
      `  why: ${row.reasons.map((reason) => reasonText[reason] ?? printable(String(reason))).join('; ')}`,
      ...Object.entries(row.fields)
        .filter(([name]) => name !== 'email' && name !== 'type')
        .map(([name, value]) => `  ${name}: ${printable(typeof value === 'string' ? value : JSON.stringify(value))}`),
    ].join('\n'),
  );
  const count = `${rows.length} held submission${rows.length === 1 ? '' : 's'}; release one with npm run leads -- quarantine release <id>`;
  return `${lines.join('\n\n')}\n\n${count}\n`;
}
