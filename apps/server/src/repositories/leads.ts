import type { LeadKind } from '@growmail/contracts/form-names';
import { randomUUID } from 'node:crypto';
import { repository, type Executor } from './repository.ts';

const leadQueries = (db: Executor) => ({
  /** Stores a lead and returns its id. */
  async insert(kind: LeadKind, email: string, metadata: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('leads')
      .values({ id, type: kind, email, metadata: JSON.stringify(metadata), created_at: new Date().toISOString() })
      .execute();
    return id;
  },

  /** Leads of one kind and received since an ISO time (both optional), newest first. */
  async list(filter: { type?: LeadKind; since?: string }) {
    let query = db.selectFrom('leads').selectAll().orderBy('created_at', 'desc').orderBy('id');
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.since) query = query.where('created_at', '>=', filter.since);
    return query.execute();
  },

  find(id: string) {
    return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Deletes leads written before `before`; how many. */
  async removeCreatedBefore(before: Date): Promise<number> {
    const result = await db.deleteFrom('leads').where('created_at', '<', before.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});

export const leadsRepository = repository(leadQueries);
