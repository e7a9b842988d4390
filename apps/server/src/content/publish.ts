import { randomUUID } from 'node:crypto';
import type { PublishProblem, PublishPurpose } from '@growmail/contracts/content/publish';
import { auditActor, commandActor, type Actor } from '../lib/actor.ts';
import type { ContentPublish, TakenDraft } from '../repositories/content-publishes.ts';
import type { DataAccess } from '../repositories/index.ts';

/**
 * Publishing the site's content (D45): a press of Publish queues the chosen drafts as they are
 * then, and the publisher records what became of them; each is one transaction with its audit
 * row. A publish that passes removes the drafts it published, unless one was saved again since.
 */

type Member = Actor & { memberId: string };

/** Queues a publish (or a preview) of the entries' drafts; undefined when none of them has a draft. */
export function requestPublish(
  data: DataAccess,
  chosen: { entries: readonly string[]; words: readonly string[] },
  actor: Member,
  at = new Date(),
  purpose: PublishPurpose = 'publish',
): Promise<string | undefined> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const drafts: Record<string, TakenDraft> = {};
    for (const entry of chosen.entries) {
      const draft = await data.contentDrafts.in(trx).find(entry);
      if (draft) drafts[entry] = { values: draft.values, revision: draft.revision };
    }
    if (Object.keys(drafts).length === 0) return undefined;
    const id = randomUUID();
    await data.contentPublishes
      .in(trx)
      .request({ id, purpose, drafts, words: [...chosen.words], by: { id: actor.memberId, name: actor.name }, at });
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: purpose === 'preview' ? 'content.preview-requested' : 'content.publish-requested',
      recordType: 'content-publish',
      recordId: id,
      detail: { entries: Object.keys(drafts), words: chosen.words.length },
    });
    return id;
  });
}

/**
 * What the publisher made of a publish: refused with its problems, or passed as a commit of the
 * content branch, the release whose code built it, and the build's files, by their path in it.
 */
export type PublishOutcome =
  | { state: 'refused'; problems: PublishProblem[] }
  | { state: 'passed'; commit: string; release: string; files: ReadonlyMap<string, Uint8Array> };

/**
 * Records a publish's outcome. A pass becomes the current version, its files stored by content,
 * which every server then loads (D45), and removes the drafts it published that no one has saved
 * since; all of it, with the audit row, or nothing.
 */
export function finishPublish(
  data: DataAccess,
  publish: ContentPublish,
  outcome: PublishOutcome,
  at = new Date(),
): Promise<boolean> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const version = outcome.state === 'passed' ? randomUUID() : undefined;
    const finished = outcome.state === 'passed' ? { state: outcome.state, commit: outcome.commit, version } : outcome;
    if (!(await data.contentPublishes.in(trx).finish(publish.id, finished, at))) return false;
    if (outcome.state === 'passed') {
      const versions = data.contentVersions.in(trx);
      await versions.store(
        { id: version!, publishId: publish.id, commit: outcome.commit, release: outcome.release, at },
        outcome.files,
      );
      // A preview's version is seen by members only, and its drafts stay drafts.
      if (publish.purpose === 'publish') {
        await versions.makeCurrent(version!, at, data.db.dialect);
        for (const [entry, draft] of Object.entries(publish.drafts))
          await data.contentDrafts.in(trx).removePublished(entry, draft.revision);
      }
    }
    await data.audit.in(trx).record({
      ...auditActor(commandActor('publisher')),
      action:
        publish.purpose === 'preview'
          ? outcome.state === 'passed'
            ? 'content.previewed'
            : 'content.preview-refused'
          : outcome.state === 'passed'
            ? 'content.published'
            : 'content.publish-refused',
      recordType: 'content-publish',
      recordId: publish.id,
      detail:
        outcome.state === 'passed'
          ? { entries: publish.entries, by: publish.requestedBy, commit: outcome.commit, version }
          : { entries: publish.entries, by: publish.requestedBy, problems: outcome.problems.length },
    });
    return true;
  });
}
