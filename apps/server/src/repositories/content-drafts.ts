import type { DraftLanguage } from '@growmail/contracts/content/entries';
import type { ContentDraftsTable } from '../db/schema.ts';
import { repository, type Executor } from './repository.ts';

/** Each language's value of a draft: `en` and `fr`, or `all` for a list both languages show. */
export type DraftValues = Partial<Record<DraftLanguage, unknown>>;

/** A draft of one of the site's entries (D45), as the console reads it. */
export type ContentDraft = {
  entry: string;
  values: DraftValues;
  /** The published version it started from. */
  base: string;
  revision: number;
  author: { id: string | null; name: string };
  startedAt: string;
  savedAt: string;
};

const draftOf = (row: ContentDraftsTable): ContentDraft => ({
  entry: row.entry,
  values: JSON.parse(row.values) as DraftValues,
  base: row.base,
  revision: Number(row.revision),
  author: { id: row.author_id, name: row.author_name },
  startedAt: row.started_at,
  savedAt: row.saved_at,
});

/**
 * The drafts of the site's content. A save names the revision it started from (0 for none yet)
 * and is written only if the draft is still at it, so of two saves from one start the second
 * writes nothing, on either database: SQLite writes one transaction at a time, and PostgreSQL
 * reads the row again under its lock before it updates.
 */
const contentDraftQueries = (db: Executor) => ({
  async list(): Promise<ContentDraft[]> {
    return (await db.selectFrom('content_drafts').selectAll().orderBy('entry').execute()).map(draftOf);
  },

  async find(entry: string): Promise<ContentDraft | undefined> {
    const row = await db.selectFrom('content_drafts').selectAll().where('entry', '=', entry).executeTakeFirst();
    return row && draftOf(row);
  },

  /**
   * Saves the values as the draft's next revision, by this author, if it is still at `revision`;
   * false when another save came first. A draft keeps the version it started from and its start.
   */
  async save(
    entry: string,
    draft: { values: DraftValues; base: string; author: { id: string; name: string } },
    revision: number,
    at: Date,
  ): Promise<boolean> {
    const values = JSON.stringify(draft.values);
    const now = at.toISOString();
    if (revision === 0) {
      const inserted = await db
        .insertInto('content_drafts')
        .values({
          entry,
          values,
          base: draft.base,
          revision: 1,
          author_id: draft.author.id,
          author_name: draft.author.name,
          started_at: now,
          saved_at: now,
        })
        .onConflict((conflict) => conflict.column('entry').doNothing())
        .returning('entry')
        .executeTakeFirst();
      return inserted !== undefined;
    }
    const result = await db
      .updateTable('content_drafts')
      .set({
        values,
        revision: revision + 1,
        author_id: draft.author.id,
        author_name: draft.author.name,
        saved_at: now,
      })
      .where('entry', '=', entry)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Makes this member the draft's author, as a save would, if it is still at `revision`; false otherwise. */
  async takeOver(entry: string, author: { id: string; name: string }, revision: number, at: Date): Promise<boolean> {
    const result = await db
      .updateTable('content_drafts')
      .set({ revision: revision + 1, author_id: author.id, author_name: author.name, saved_at: at.toISOString() })
      .where('entry', '=', entry)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Removes the draft once published, if it is still at the revision published: a later save stays a draft. */
  async removePublished(entry: string, revision: number): Promise<boolean> {
    const result = await db
      .deleteFrom('content_drafts')
      .where('entry', '=', entry)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },
});

export const contentDraftsRepository = repository(contentDraftQueries);
