import type { PublishProblem, PublishPurpose, PublishRow, PublishState } from '@growmail/contracts/content/publish';
import type { Selectable } from 'kysely';
import type { ContentPublishesTable } from '../db/schema.ts';
import type { DraftValues } from './content-drafts.ts';
import { repository, type Executor } from './repository.ts';

/** A draft as a publish took it: its values, and the revision they were at. */
export type TakenDraft = { values: DraftValues; revision: number };

/** A publish as the publisher works on it: the drafts it took, by entry, besides what the console lists. */
export type ContentPublish = PublishRow & { drafts: Record<string, TakenDraft>; requestedById: string | null };

const publishOf = (row: Selectable<ContentPublishesTable>): ContentPublish => {
  const drafts = JSON.parse(row.drafts) as Record<string, TakenDraft>;
  return {
    id: row.id,
    purpose: row.purpose as PublishPurpose,
    state: row.state as PublishState,
    entries: Object.keys(drafts),
    drafts,
    words: JSON.parse(row.words) as string[],
    requestedBy: row.requested_by_name,
    requestedById: row.requested_by_id,
    requestedAt: row.requested_at,
    finishedAt: row.finished_at ?? undefined,
    problems: row.problems ? (JSON.parse(row.problems) as PublishProblem[]) : [],
    commit: row.commit ?? undefined,
    version: row.version_id ?? undefined,
    pushProblem: row.push_problem ?? undefined,
    undoes: row.undoes ?? undefined,
  };
};

/**
 * Publishes of the site's content (D45): queued by the console, taken one at a time by the
 * publisher, and finished as refused or passed. Taking one is a single update of a queued row,
 * so two publishers never take the same publish, on either database.
 */
const contentPublishQueries = (db: Executor) => ({
  async request(publish: {
    id: string;
    purpose: PublishPurpose;
    drafts: Record<string, TakenDraft>;
    words: string[];
    by: { id: string | null; name: string };
    at: Date;
    /** An undo's: the publish it undoes, and the version it made current again (none: the release's). */
    undo?: { publish: string; version: string | undefined };
  }): Promise<void> {
    await db
      .insertInto('content_publishes')
      .values({
        id: publish.id,
        purpose: publish.purpose,
        state: 'queued',
        drafts: JSON.stringify(publish.drafts),
        words: JSON.stringify(publish.words),
        requested_by_id: publish.by.id,
        requested_by_name: publish.by.name,
        requested_at: publish.at.toISOString(),
        undoes: publish.undo?.publish ?? null,
        entries: `,${Object.keys(publish.drafts).join(',')},`,
        version_id: publish.undo?.version ?? null,
      })
      .execute();
  },

  /** Whether a publish waits or builds: an undo then would be built over by it. */
  async publishing(): Promise<boolean> {
    const row = await db
      .selectFrom('content_publishes')
      .select('id')
      .where('purpose', '=', 'publish')
      .where('state', 'in', ['queued', 'building'])
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * The changes visitors saw of one entry, newest first: the publishes that passed with it and
   * the undos of them, at most `limit`, found by the entry's name in the row's short list of
   * entries, so only the rows shown have their drafts read.
   */
  async historyOf(entry: string, limit: number): Promise<ContentPublish[]> {
    const rows = await db
      .selectFrom('content_publishes')
      .selectAll()
      .where('entries', 'like', `%,${entry},%`)
      // An undo counts from the moment it is made, whatever the publisher has made of it since.
      .where((where) =>
        where.or([
          where('purpose', '=', 'undo'),
          where.and([where('purpose', '=', 'publish'), where('state', '=', 'passed')]),
        ]),
      )
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    // An entry's id holds no `%` nor `_` (`entryOf`), but SQLite's LIKE ignores case: the drafts decide.
    return rows.map(publishOf).filter((row) => entry in row.drafts);
  },

  /** The newest publishes first. */
  async recent(limit: number): Promise<ContentPublish[]> {
    const rows = await db
      .selectFrom('content_publishes')
      .selectAll()
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(publishOf);
  },

  async find(id: string): Promise<ContentPublish | undefined> {
    const row = await db.selectFrom('content_publishes').selectAll().where('id', '=', id).executeTakeFirst();
    return row && publishOf(row);
  },

  /** Takes the oldest queued publish for building; undefined when none waits or another publisher took it first. */
  async take(at: Date): Promise<ContentPublish | undefined> {
    const oldest = await db
      .selectFrom('content_publishes')
      .select('id')
      .where('state', '=', 'queued')
      .orderBy('requested_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!oldest) return undefined;
    const taken = await db
      .updateTable('content_publishes')
      .set({ state: 'building', started_at: at.toISOString() })
      .where('id', '=', oldest.id)
      .where('state', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    return taken && publishOf(taken);
  },

  /** Queues again the publishes a stopped publisher was building; there is one publisher, so none is building now. */
  async requeueInterrupted(): Promise<number> {
    const result = await db
      .updateTable('content_publishes')
      .set({ state: 'queued', started_at: null })
      .where('state', '=', 'building')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Records what the publisher made of a publish it was building. */
  async finish(
    id: string,
    outcome: { state: 'refused'; problems: PublishProblem[] } | { state: 'passed'; commit: string; version?: string },
    at: Date,
  ): Promise<boolean> {
    const result = await db
      .updateTable('content_publishes')
      .set({ ...finished(outcome, at), version_id: outcome.state === 'passed' ? (outcome.version ?? null) : null })
      .where('id', '=', id)
      .where('state', '=', 'building')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Records a push of the content branch after a publish: a failure on that publish, or a
   * success, which carries every earlier commit too and so clears every failure before it.
   */
  async recordPush(id: string, problem: string | undefined): Promise<void> {
    if (problem) {
      await db.updateTable('content_publishes').set({ push_problem: problem }).where('id', '=', id).execute();
      return;
    }
    await db
      .updateTable('content_publishes')
      .set({ push_problem: null })
      .where('push_problem', 'is not', null)
      .execute();
  },

  /** Records what the publisher made of an undo: the content branch's revert, or why it could not; the undo stands either way. */
  async finishUndo(
    id: string,
    outcome: { state: 'refused'; problems: PublishProblem[] } | { state: 'passed'; commit: string },
    at: Date,
  ): Promise<boolean> {
    // Its version, the one the undo made current, was recorded with it: left as it is.
    const result = await db
      .updateTable('content_publishes')
      .set(finished(outcome, at))
      .where('id', '=', id)
      .where('purpose', '=', 'undo')
      .where('state', '=', 'building')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
});

/** The columns a publish or an undo ends with: passed with its commit, or refused with its problems. */
const finished = (
  outcome: { state: 'refused'; problems: PublishProblem[] } | { state: 'passed'; commit: string },
  at: Date,
) => ({
  state: outcome.state,
  finished_at: at.toISOString(),
  problems: outcome.state === 'refused' ? JSON.stringify(outcome.problems) : null,
  commit: outcome.state === 'passed' ? outcome.commit : null,
});

export const contentPublishesRepository = repository(contentPublishQueries);
