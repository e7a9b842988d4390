import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import type { LeadSource } from '@growmail/contracts/lead-source';
import { randomUUID } from 'node:crypto';
import type { SpamReason } from '../submissions/screening.ts';
import { olderThan, repository, streamBatch, type Executor, type KeysetCursor } from './repository.ts';

/** A held submission as the code reads it: its fields and reasons parsed. */
export type Quarantined = {
  id: string;
  form: LeadKind;
  email: string;
  fields: Record<string, unknown>;
  reasons: SpamReason[];
  /** The language it was sent in (D37), which its lead keeps once released. */
  language: Language;
  /** Where it came from (D42); null when it was held before sources were kept. */
  source: LeadSource | null;
  created_at: string;
};

const parse = (row: {
  id: string;
  form: string;
  email: string;
  fields: string;
  reasons: string;
  language: Language;
  source: string | null;
  created_at: string;
}) =>
  ({
    ...row,
    form: row.form as LeadKind,
    source: row.source === null ? null : (JSON.parse(row.source) as LeadSource),
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    reasons: JSON.parse(row.reasons) as SpamReason[],
  }) satisfies Quarantined;

const newestFirst = (db: Executor) =>
  db.selectFrom('quarantine').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');

const quarantineQueries = (db: Executor) => ({
  /** Holds a submission with its reasons; returns its id. */
  async insert(
    form: LeadKind,
    email: string,
    fields: Record<string, unknown>,
    reasons: SpamReason[],
    language: Language = 'en',
    source: LeadSource | null = null,
  ): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('quarantine')
      .values({
        id,
        form,
        email,
        fields: JSON.stringify(fields),
        reasons: JSON.stringify(reasons),
        language,
        source: source && JSON.stringify(source),
        created_at: new Date().toISOString(),
      })
      .execute();
    return id;
  },

  /** Held submissions, newest first, after a keyset cursor (the console's older pages): at most `limit`, or all. */
  async list(limit?: number, after?: KeysetCursor): Promise<Quarantined[]> {
    const query = after ? newestFirst(db).where(olderThan(after)) : newestFirst(db);
    const rows = await (limit === undefined ? query : query.limit(limit)).execute();
    return rows.map(parse);
  },

  /** Every held submission, newest first, read as they are consumed. */
  async *stream(): AsyncGenerator<Quarantined> {
    for await (const row of newestFirst(db).stream(streamBatch)) yield parse(row);
  },

  async find(id: string): Promise<Quarantined | undefined> {
    const row = await db.selectFrom('quarantine').selectAll().where('id', '=', id).executeTakeFirst();
    return row && parse(row);
  },

  async remove(id: string): Promise<boolean> {
    const result = await db.deleteFrom('quarantine').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /** Deletes at most `limit` of what was held before `before`, oldest first; how many. */
  async removeCreatedBefore(before: Date, limit: number): Promise<number> {
    const batch = db
      .selectFrom('quarantine')
      .select('id')
      .where('created_at', '<', before.toISOString())
      .orderBy('created_at')
      .limit(limit);
    const result = await db.deleteFrom('quarantine').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});

export const quarantineRepository = repository(quarantineQueries);
