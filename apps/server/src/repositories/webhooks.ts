import { repository, type Executor } from './repository.ts';

/** What a webhook event says: its Standard Webhooks message id, its type and when it happened. */
export type WebhookEvent = { id: string; type: string; timestamp: string; data: Record<string, unknown> };

const webhookQueries = (db: Executor) => ({
  /** Queues an event; in the caller's transaction, it exists exactly when the submission does. */
  async insert(event: WebhookEvent): Promise<void> {
    await db
      .insertInto('webhook_events')
      .values({
        id: event.id,
        type: event.type,
        payload: JSON.stringify(event),
        next_attempt_at: event.timestamp,
        created_at: event.timestamp,
      })
      .execute();
  },

  /** Events due for an attempt: not delivered, not failed, not held by another server; only `ids` when given. */
  due(now: Date, limit: number, ids?: readonly string[]) {
    let query = db
      .selectFrom('webhook_events')
      .select(['id', 'payload', 'attempts'])
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
      .orderBy('created_at')
      .limit(limit);
    if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : ['']);
    return query.execute();
  },

  /** Takes an event for `leaseMs`; false when another server took it first. */
  async claim(id: string, now: Date, leaseMs: number): Promise<boolean> {
    const claimed = await db
      .updateTable('webhook_events')
      .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where('id', '=', id)
      .where('delivered_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  },

  async delivered(id: string, attempts: number): Promise<void> {
    await db
      .updateTable('webhook_events')
      .set({ delivered_at: new Date().toISOString(), attempts, locked_until: null, last_error: null })
      .where('id', '=', id)
      .execute();
  },

  /** Records a failed attempt: the next one at `next`, or none (failed) when `next` is null. */
  async attemptFailed(id: string, attempts: number, error: string, next: Date | null): Promise<void> {
    const now = new Date().toISOString();
    await db
      .updateTable('webhook_events')
      .set({
        attempts,
        last_error: error.slice(0, 500),
        locked_until: null,
        ...(next ? { next_attempt_at: next.toISOString() } : { failed_at: now }),
      })
      .where('id', '=', id)
      .execute();
  },

  /** Deletes an event, such as one naming an erased address. */
  async remove(id: string): Promise<void> {
    await db.deleteFrom('webhook_events').where('id', '=', id).execute();
  },

  /** Events, newest first; only the failed ones with `failed`. */
  list({ failed = false, limit = 100 }: { failed?: boolean; limit?: number } = {}) {
    let query = db
      .selectFrom('webhook_events')
      .select(['id', 'type', 'attempts', 'created_at', 'delivered_at', 'failed_at', 'last_error'])
      .orderBy('created_at', 'desc')
      .limit(limit);
    if (failed) query = query.where('failed_at', 'is not', null);
    return query.execute();
  },

  /**
   * Makes events due again now with a fresh count of attempts: one by id (delivered or not),
   * or every failed one. Returns the ids requeued.
   */
  async requeue(which: { id: string } | { failed: true }): Promise<string[]> {
    let query = db.updateTable('webhook_events').set({
      attempts: 0,
      failed_at: null,
      delivered_at: null,
      locked_until: null,
      next_attempt_at: new Date(0).toISOString(),
    });
    query = 'id' in which ? query.where('id', '=', which.id) : query.where('failed_at', 'is not', null);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  },

  /** Every row, oldest first: what a test reads to see what was queued. */
  all() {
    return db.selectFrom('webhook_events').selectAll().orderBy('created_at').orderBy('id').execute();
  },

  /** Deletes at most `limit` events a receiver took before `before`, oldest first; how many. Failed events wait for a replay. */
  async removeDeliveredBefore(before: Date, limit: number): Promise<number> {
    const batch = db
      .selectFrom('webhook_events')
      .select('id')
      .where('delivered_at', '<', before.toISOString())
      .orderBy('delivered_at')
      .limit(limit);
    const result = await db.deleteFrom('webhook_events').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});

export const webhooksRepository = repository(webhookQueries);
