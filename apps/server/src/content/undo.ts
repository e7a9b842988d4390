import { randomUUID } from 'node:crypto';
import type { PublishProblem } from '@growmail/contracts/content/publish';
import { auditActor, commandActor, type Actor } from '../lib/actor.ts';
import type { ContentPublish, TakenDraft } from '../repositories/content-publishes.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { PublishedIn } from './history.ts';

/**
 * "Undo the last publish" (D45): the version visitors saw before the last publish is made current
 * again. It passed its checks when it was published, so nothing is built: in one transaction with
 * its audit row, the current version is set back (on PostgreSQL with the `pg_notify` a publish
 * sends, so every server switches as it does for a publish), and an undo row records who undid
 * what, with the values it brought back, for the entries' history and the publisher. The
 * publisher reverts the undone publish's commit on the content branch before it builds anything
 * else (publisher/undo.ts).
 */

type Member = Actor & { memberId: string };

/** The publish visitors see last, which an undo would take back, and the version it followed (null: the release's build). */
type LastPublish = { publish: ContentPublish; previous: string | null };

/**
 * Why there is nothing to undo now: no publish is current, one is being built (it would build
 * over the undo), or the version before was deleted as too old (`prune`, content-versions.ts).
 */
export type NothingToUndo = 'nothing' | 'publishing' | 'deleted';

type Reads = {
  publishes: ReturnType<DataAccess['contentPublishes']['in']>;
  versions: ReturnType<DataAccess['contentVersions']['in']>;
};

async function lastIn({ publishes, versions }: Reads): Promise<LastPublish | NothingToUndo> {
  if (await publishes.publishing()) return 'publishing';
  const current = await versions.currentId();
  const version = current === undefined ? undefined : await versions.find(current);
  const publish = version && (await publishes.find(version.publishId));
  if (!version || !publish) return 'nothing';
  if (version.previousId && !(await versions.find(version.previousId))) return 'deleted';
  return { publish, previous: version.previousId };
}

export const lastPublish = (data: DataAccess) =>
  lastIn({ publishes: data.contentPublishes, versions: data.contentVersions });

/**
 * Undoes the publish visitors see last, if it is still the one the member confirmed: the
 * confirmation names it, so a publish made since is never undone unseen. Resolves to the undo's
 * id, or why nothing was undone (`changed`: another publish or undo came since).
 */
export async function undoLastPublish(
  data: DataAccess,
  confirmed: string,
  entries: PublishedIn,
  actor: Member,
  at = new Date(),
): Promise<{ undo: string } | { refused: NothingToUndo | 'changed' }> {
  // The values it brings back are read first, from the version it goes back to; the transaction
  // then checks that the publish is still the last one.
  const seen = await lastPublish(data);
  if (typeof seen === 'string') return { refused: seen };
  if (seen.publish.id !== confirmed) return { refused: 'changed' };
  const before = await entries(seen.previous);
  return data.db.kysely.transaction().execute(async (trx) => {
    const publishes = data.contentPublishes.in(trx);
    const versions = data.contentVersions.in(trx);
    const last = await lastIn({ publishes, versions });
    if (typeof last === 'string') return { refused: last };
    if (last.publish.id !== confirmed || last.previous !== seen.previous) return { refused: 'changed' as const };
    const restored: Record<string, TakenDraft> = Object.fromEntries(
      last.publish.entries.map((entry) => [
        entry,
        { values: before.find((item) => item.id === entry)?.published ?? {}, revision: 0 },
      ]),
    );
    const id = randomUUID();
    await publishes.request({
      id,
      purpose: 'undo',
      drafts: restored,
      words: [],
      by: { id: actor.memberId, name: actor.name },
      at,
      undo: { publish: last.publish.id, version: last.previous ?? undefined },
    });
    await versions.restore(last.previous ?? undefined, at, data.db.dialect);
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'content.undone',
      recordType: 'content-publish',
      recordId: id,
      detail: {
        entries: last.publish.entries,
        undoes: last.publish.id,
        by: last.publish.requestedBy,
        version: last.previous ?? 'release',
      },
    });
    return { undo: id };
  });
}

/** What the publisher made of an undo on the content branch: the revert's commit, or why it could not. */
export type UndoOutcome = { state: 'passed'; commit: string } | { state: 'refused'; problems: PublishProblem[] };

/** Records the publisher's revert of an undo, with its audit row; visitors' site is the undo's either way. */
export function finishUndo(data: DataAccess, undo: ContentPublish, outcome: UndoOutcome, at = new Date()) {
  return data.db.kysely.transaction().execute(async (trx) => {
    if (!(await data.contentPublishes.in(trx).finishUndo(undo.id, outcome, at))) return false;
    await data.audit.in(trx).record({
      ...auditActor(commandActor('publisher')),
      action: outcome.state === 'passed' ? 'content.undo-committed' : 'content.undo-not-committed',
      recordType: 'content-publish',
      recordId: undo.id,
      detail:
        outcome.state === 'passed'
          ? { entries: undo.entries, by: undo.requestedBy, commit: outcome.commit }
          : { entries: undo.entries, by: undo.requestedBy, problems: outcome.problems.length },
    });
    return true;
  });
}
