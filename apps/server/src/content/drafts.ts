import { auditActor, type Actor } from '../lib/actor.ts';
import type { ContentDraft, DraftValues } from '../repositories/content-drafts.ts';
import type { DataAccess } from '../repositories/index.ts';

/**
 * Saving a draft of one of the site's entries (D45), and taking one over. Each is one transaction
 * holding the draft and its audit row. A save names the draft's revision its form was opened at
 * (0 when there was none); when another save came first, nothing is written and the other is
 * handed back, so the form shows both versions side by side and nothing is lost.
 */

/** A save as the form posts it, once its values have passed the entry's schema. */
export type DraftSave = {
  entry: string;
  values: DraftValues;
  /** The published version the form was opened at. */
  base: string;
  /** The draft's revision the form was opened at; 0 for none. */
  revision: number;
  /** "Restore this version": the publish (or undo) whose values these are, from the entry's history. */
  restores?: string | undefined;
};

/** What became of a save: the draft as saved, or the draft another editor saved first (null: it is gone). */
export type DraftOutcome = { saved: ContentDraft } | { conflict: ContentDraft | null };

type Member = Actor & { memberId: string };

export function saveDraft(data: DataAccess, save: DraftSave, actor: Member, at = new Date()): Promise<DraftOutcome> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const drafts = data.contentDrafts.in(trx);
    const author = { id: actor.memberId, name: actor.name };
    if (!(await drafts.save(save.entry, { values: save.values, base: save.base, author }, save.revision, at)))
      return { conflict: (await drafts.find(save.entry)) ?? null };
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: save.restores ? 'content.draft-restored' : 'content.draft-saved',
      recordType: 'content',
      recordId: save.entry,
      detail: {
        revision: save.revision + 1,
        languages: Object.keys(save.values),
        ...(save.restores ? { publish: save.restores } : {}),
      },
    });
    return { saved: (await drafts.find(save.entry))! };
  });
}

/** Makes the member the draft's author, so the editor who was on it sees who has it now; a conflict as a save's. */
export function takeOverDraft(
  data: DataAccess,
  entry: string,
  revision: number,
  actor: Member,
  at = new Date(),
): Promise<DraftOutcome> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const drafts = data.contentDrafts.in(trx);
    const before = await drafts.find(entry);
    if (!before || !(await drafts.takeOver(entry, { id: actor.memberId, name: actor.name }, revision, at)))
      return { conflict: before ?? null };
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'content.draft-taken-over',
      recordType: 'content',
      recordId: entry,
      detail: { from: before.author.name, revision: revision + 1 },
    });
    return { saved: (await drafts.find(entry))! };
  });
}
