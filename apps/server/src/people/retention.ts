import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { checkpoint, type Db } from '../db/index.ts';
import { bookingDayMs } from '../demos/book-with-lead.ts';
import { idempotencyKeyLifetimeMs } from '@growmail/contracts/idempotency';
import type { Repositories } from '../repositories/index.ts';
import { duplicateWindowMs } from '../submissions/accept-once.ts';
import { dayOf } from '../visits/visitor.ts';
import { sessionIdleMs } from '../team/sessions.ts';

const day = 24 * 60 * 60 * 1000;

/**
 * How long each kind of record is kept, as the privacy page states it ("How long we keep
 * it"). Change both together.
 */
export const retention = {
  /** Submissions held as probable spam. */
  quarantine: 30 * day,
  /** Sent mail, and webhook events a receiver took: the record of what left the site. */
  sentMessages: 90 * day,
  /** Leads, counted from when they were written. */
  leads: 730 * day,
  /** A newsletter membership and its consent record, counted from the unsubscribe. */
  unsubscribed: 730 * day,
  /** A form submission's fingerprint and answer, which turn a repeat into the first answer. */
  submissions: 10 * duplicateWindowMs,
  /** A demo slot request, counted for the daily cap per client address. */
  demoBookingRequests: bookingDayMs,
  /** A submission's idempotency key (D39), with the fingerprint of what it sent. */
  idempotencyKeys: idempotencyKeyLifetimeMs,
  /** The audit of the team's changes in the console and by the commands (D41). */
  audit: 365 * day,
  /** A day's visitor salt and the visitor hashes made with it (D42), counted from that day's start. */
  visitorHashes: 2 * day,
  /** A counted visit and the pages it viewed (D42): 13 months, for a year-on-year view. */
  visits: 396 * day,
} as const;

type Data = Pick<
  Repositories,
  'quarantine' | 'mail' | 'webhooks' | 'leads' | 'memberships' | 'submissions' | 'demos' | 'visits' | 'audit' | 'team'
>;

/** A kind of record that expires: how long it is kept, and how at most `limit` older ones are deleted. */
type Expiry = {
  keptFor: number;
  /** Deletes at most `limit` rows from before `before`, oldest first; how many. */
  removeBatch: (data: Data, before: Date, limit: number) => Promise<number>;
};

/**
 * Everything housekeeping deletes, by the name its count is logged under. Mail still waiting to
 * go and webhook events that ran out of attempts are kept whatever their age: one is a lead's
 * notification not yet delivered, the other waits for `npm run webhooks -- replay`.
 *
 * A table whose rows expire is added here, with a `remove…Before(before, limit)` in its
 * repository that deletes one batch through an index.
 */
const expiries = {
  quarantine: {
    keptFor: retention.quarantine,
    removeBatch: (data, before, limit) => data.quarantine.removeCreatedBefore(before, limit),
  },
  mail: {
    keptFor: retention.sentMessages,
    removeBatch: (data, before, limit) => data.mail.removeSentBefore(before, limit),
  },
  webhookEvents: {
    keptFor: retention.sentMessages,
    removeBatch: (data, before, limit) => data.webhooks.removeDeliveredBefore(before, limit),
  },
  leads: {
    keptFor: retention.leads,
    removeBatch: (data, before, limit) => data.leads.removeCreatedBefore(before, limit),
  },
  memberships: {
    keptFor: retention.unsubscribed,
    removeBatch: (data, before, limit) => data.memberships.removeUnsubscribedBefore(before, limit),
  },
  submissions: {
    keptFor: retention.submissions,
    removeBatch: (data, before, limit) => data.submissions.removeBefore(before, limit),
  },
  demoBookingRequests: {
    keptFor: retention.demoBookingRequests,
    removeBatch: (data, before, limit) => data.demos.removeRequestsBefore(before, limit),
  },
  idempotencyKeys: {
    keptFor: retention.idempotencyKeys,
    removeBatch: (data, before, limit) => data.submissions.removeKeysBefore(before, limit),
  },
  audit: {
    keptFor: retention.audit,
    removeBatch: (data, before, limit) => data.audit.removeBefore(before, limit),
  },
  /** Console sessions that ended (idle or too old), and sign-in links and challenges past their time. */
  teamSignIns: {
    keptFor: 0,
    removeBatch: (data, before, limit) => data.team.removeEndedBefore(before, limit, sessionIdleMs),
  },
  // A day's salt and hashes go once its start is 48 hours past, so none is kept longer.
  visitorHashes: {
    keptFor: retention.visitorHashes,
    removeBatch: (data, before, limit) => data.visits.forgetVisitorsThrough(dayOf(before), limit),
  },
  visitSalts: {
    keptFor: retention.visitorHashes,
    removeBatch: (data, before, limit) => data.visits.removeSaltsThrough(dayOf(before), limit),
  },
  // A day's visits go once that whole day is 13 months past, with its daily totals.
  visits: {
    keptFor: retention.visits,
    removeBatch: (data, before, limit) => data.visits.removeBefore(dayOf(before), limit),
  },
  visitTotals: {
    keptFor: retention.visits,
    removeBatch: (data, before, limit) => data.visits.removeTotalsBefore(dayOf(before), limit),
  },
} satisfies Record<string, Expiry>;

export type Pruned = Record<keyof typeof expiries, number>;

/**
 * Rows one delete removes. PostgreSQL locks only the rows deleted, so its batches are fixed,
 * 1,000 rows. On SQLite a delete holds the database's one write lock, and a form post may wait for
 * one batch; so a batch there aims at `sqliteBatchMs`, a fifth of the 50 ms a post may wait,
 * sized from the last one's time: a lead's costs several times a fingerprint's, since the
 * trigram index drops its text too, and a busy machine takes longer for any. The margin is for
 * what a batch cannot choose: a write that finds its pages out of the cache, or the disk busy.
 * Each SQLite batch starts with the log checkpointed (see `checkpoint`), so its commit never
 * copies the log into the file; a post may write between the two. `npm run bench:data`
 * reports the slowest batch.
 */
const firstBatch: Record<Db['dialect'], number> = { sqlite: 20, postgres: 1_000 };
const sqliteBatchMs = 10;
const sqliteBatchRows = { min: 10, max: 5_000 };

/** The next batch's size on SQLite: the last one's, scaled to the aim, growing by half at most. */
function nextBatch(rows: number, ms: number): number {
  const scaled = Math.round(rows * Math.min(1.5, sqliteBatchMs / Math.max(ms, 1)));
  return Math.min(sqliteBatchRows.max, Math.max(sqliteBatchRows.min, scaled));
}

/**
 * Deletes every record older than its retention, a batch at a time: each batch is its own
 * statement, and the event loop turns between them, so requests and other writes go on while
 * a large backlog (a year of leads reaching 730 days at once) drains. `limit` fixes the batch
 * size (a test counts batches); `stopped` ends the round between batches (the server is
 * closing); `onBatch` hears of each batch, for a log or a test.
 */
export async function pruneExpired(
  data: Data & { db: Pick<Db, 'kysely' | 'dialect'> },
  now = new Date(),
  options: {
    limit?: number;
    stopped?: () => boolean;
    onBatch?: (kind: keyof Pruned, deleted: number, ms: number) => void;
  } = {},
): Promise<Pruned> {
  const adapts = options.limit === undefined && data.db.dialect === 'sqlite';
  const pruned = Object.fromEntries(Object.keys(expiries).map((kind) => [kind, 0])) as Pruned;
  for (const [kind, expiry] of Object.entries(expiries) as [keyof Pruned, Expiry][]) {
    const before = new Date(now.getTime() - expiry.keptFor);
    let limit = options.limit ?? firstBatch[data.db.dialect];
    for (;;) {
      if (options.stopped?.()) return pruned;
      await checkpoint(data.db);
      await yieldToOthers();
      const started = performance.now();
      const deleted = await expiry.removeBatch(data, before, limit);
      const ms = performance.now() - started;
      options.onBatch?.(kind, deleted, ms);
      pruned[kind] += deleted;
      if (deleted < limit) break;
      if (adapts) limit = nextBatch(limit, ms);
      await yieldToOthers();
    }
  }
  return pruned;
}
