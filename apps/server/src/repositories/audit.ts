import { randomUUID } from 'node:crypto';
import { repository, type Executor, type KeysetCursor } from './repository.ts';

/** One change as the audit keeps it (D41): who, how signed in, what, on which record. */
export type AuditEntry = {
  memberId: string | null;
  memberName: string;
  /** `passkey`, `link`, or `command` for a change made at a terminal. */
  method: string;
  action: string;
  recordType: string;
  recordId: string;
  /** What changed; never a person's address. */
  detail?: Record<string, unknown>;
};

export type AuditRow = {
  id: string;
  at: string;
  member_id: string | null;
  member_name: string;
  method: string;
  action: string;
  record_type: string;
  record_id: string;
  detail: string;
};

/** The audit of the team's changes, kept a year (housekeeping deletes older rows in batches). */
const auditQueries = (db: Executor) => ({
  async record(entry: AuditEntry): Promise<void> {
    await db
      .insertInto('team_audit')
      .values({
        id: randomUUID(),
        at: new Date().toISOString(),
        member_id: entry.memberId,
        member_name: entry.memberName,
        method: entry.method,
        action: entry.action,
        record_type: entry.recordType,
        record_id: entry.recordId,
        detail: JSON.stringify(entry.detail ?? {}),
      })
      .execute();
  },

  /**
   * Records an entry unless the same action on the same record was recorded since `since`:
   * for what anyone can cause over and over, such as a failed sign-in. True when it was recorded.
   */
  async recordUnlessSince(entry: AuditEntry, since: Date): Promise<boolean> {
    const recent = await db
      .selectFrom('team_audit')
      .select('id')
      .where('record_type', '=', entry.recordType)
      .where('record_id', '=', entry.recordId)
      .where('action', '=', entry.action)
      .where('at', '>', since.toISOString())
      .executeTakeFirst();
    if (recent) return false;
    await auditQueries(db).record(entry);
    return true;
  },

  /**
   * The newest rows, at most `limit`, by time then id; when paging, those after the row a page
   * ended on. Rows share a time often enough (one erasure writes several) that the time alone
   * would skip some.
   */
  list(limit: number, after?: KeysetCursor): Promise<AuditRow[]> {
    let query = db.selectFrom('team_audit').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit);
    if (after)
      query = query.where((eb) =>
        eb.or([eb('at', '<', after.createdAt), eb.and([eb('at', '=', after.createdAt), eb('id', '<', after.id)])]),
      );
    return query.execute();
  },

  /** One record's history, oldest first. */
  forRecord(recordType: string, recordId: string): Promise<AuditRow[]> {
    return db
      .selectFrom('team_audit')
      .selectAll()
      .where('record_type', '=', recordType)
      .where('record_id', '=', recordId)
      .orderBy('at')
      .execute();
  },

  /** What the audit holds on records of a person: their leads' rows (for `people export`). */
  forRecords(recordType: string, recordIds: string[]): Promise<AuditRow[]> {
    if (recordIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('team_audit')
      .selectAll()
      .where('record_type', '=', recordType)
      .where('record_id', 'in', recordIds)
      .orderBy('at')
      .execute();
  },

  /** Rows whose detail names an address (lower-cased), for erasing it from them; the rows stay. */
  mentioning(address: string) {
    return db
      .selectFrom('team_audit')
      .select(['id', 'detail'])
      .where((eb) => eb(eb.fn('lower', ['detail']), 'like', `%${address.replace(/[\\%_]/g, '\\$&')}%`))
      .execute();
  },

  async rewriteDetail(id: string, detail: string): Promise<void> {
    await db.updateTable('team_audit').set({ detail }).where('id', '=', id).execute();
  },

  /** Deletes at most `limit` rows older than `before`, oldest first; how many. */
  async removeBefore(before: Date, limit: number): Promise<number> {
    const batch = db
      .selectFrom('team_audit')
      .select('id')
      .where('at', '<', before.toISOString())
      .orderBy('at')
      .limit(limit);
    const result = await db.deleteFrom('team_audit').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});

export const auditRepository = repository(auditQueries);
