import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import type { LeadSource } from '@growmail/contracts/lead-source';
import { randomUUID } from 'node:crypto';
import { repository, streamBatch, type Executor } from './repository.ts';

/** Which leads to read: one kind, and those received since an ISO time; both optional. */
export type LeadFilter = { type?: LeadKind; since?: string };

const newestFirst = (db: Executor, filter: LeadFilter & { limit?: number }) => {
  let query = db.selectFrom('leads').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.since) query = query.where('created_at', '>=', filter.since);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query;
};

const leadQueries = (db: Executor) => ({
  /** Stores a lead, in the language it was sent in (D37), and returns its id. */
  async insert(
    kind: LeadKind,
    email: string,
    metadata: Record<string, unknown>,
    language: Language = 'en',
    source: LeadSource | null = null,
  ): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('leads')
      .values({
        id,
        type: kind,
        email,
        metadata: JSON.stringify(metadata),
        language,
        source: source && JSON.stringify(source),
        created_at: new Date().toISOString(),
      })
      .execute();
    return id;
  },

  /** Where a lead came from (D42); null when it has none or does not exist. */
  async sourceOf(id: string): Promise<LeadSource | null> {
    const row = await db.selectFrom('leads').select('source').where('id', '=', id).executeTakeFirst();
    return row?.source ? (JSON.parse(row.source) as LeadSource) : null;
  },

  /** Leads of one kind and received since an ISO time (all three optional), newest first, at most `limit`. */
  list(filter: LeadFilter & { limit?: number }) {
    return newestFirst(db, filter).execute();
  },

  /** The same leads as `list`, read from the database as they are consumed: any number in the memory of a batch. */
  stream(filter: LeadFilter & { limit?: number }) {
    return newestFirst(db, filter).stream(streamBatch);
  },

  find(id: string) {
    return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Deletes at most `limit` leads written before `before`, oldest first; how many. */
  async removeCreatedBefore(before: Date, limit: number): Promise<number> {
    const batch = db
      .selectFrom('leads')
      .select('id')
      .where('created_at', '<', before.toISOString())
      .orderBy('created_at')
      .limit(limit);
    const result = await db.deleteFrom('leads').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});

export const leadsRepository = repository(leadQueries);
