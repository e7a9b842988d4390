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
    return storeLead(data, trx, config, row.form, row.email, row.fields, row.language, row.source);
  });
}

/** One held submission for a terminal: what, from whom, why, and the id to release. */
function describeHeld(row: Quarantined): string {
  return [
    `${row.id}  ${row.created_at.slice(0, 16).replace('T', ' ')}  ${row.form}  ${printable(row.email)}`,
    `  why: ${row.reasons.map((reason) => reasonText[reason] ?? printable(String(reason))).join('; ')}`,
    ...Object.entries(row.fields)
      .filter(([name]) => name !== 'email' && name !== 'type')
      .map(([name, value]) => `  ${name}: ${printable(typeof value === 'string' ? value : JSON.stringify(value))}`),
  ].join('\n');
}

const held = (count: number) => `${count} held submission${count === 1 ? '' : 's'}`;
const howToRelease = 'release one with npm run leads -- quarantine release <id>';

/**
 * The held submissions, newest first, as text for a terminal: `limit` of them, or every one,
 * printed as each is read.
 */
export async function* quarantineReport(
  data: Pick<DataAccess, 'quarantine'>,
  limit: number | 'all',
): AsyncGenerator<string> {
  // One more than asked says whether there are more to mention.
  const rows = limit === 'all' ? data.quarantine.stream() : await data.quarantine.list(limit + 1);
  let count = 0;
  for await (const row of rows) {
    if (count === limit) {
      yield `\n\nThe newest ${held(count)}, more with --limit N or --all; ${howToRelease}\n`;
      return;
    }
    yield `${count++ > 0 ? '\n\n' : ''}${describeHeld(row)}`;
  }
  yield count === 0 ? 'Nothing in quarantine.\n' : `\n\n${held(count)}; ${howToRelease}\n`;
}
