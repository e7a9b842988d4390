import type { UndoOutcome } from '../content/undo.ts';
import type { ContentPublish } from '../repositories/content-publishes.ts';
import { revertContent } from './git.ts';

/**
 * An undo on the content branch (D45): the undo is already what visitors see, from the moment it
 * was made; the publisher reverts the undone publish's commit, by the member who undid it, before
 * it builds the next publish, so that build starts from the words visitors see and never brings
 * the undone words back. A revert that does not apply is named to the editors in the Site section.
 */
export async function runUndo(
  site: string,
  undo: ContentPublish,
  undone: ContentPublish | undefined,
): Promise<UndoOutcome> {
  if (!undone?.commit)
    return { state: 'refused', problems: [{ message: 'The undone publish has no commit on the content branch.' }] };
  try {
    const commit = await revertContent(
      site,
      undone.commit,
      { id: undo.requestedById, name: undo.requestedBy },
      `Undo publish ${undone.id} of ${undone.entries.join(', ')} (undo ${undo.id})`,
    );
    return { state: 'passed', commit };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      state: 'refused',
      problems: [{ message: `The content branch could not revert ${undone.commit}: ${reason}` }],
    };
  }
}
