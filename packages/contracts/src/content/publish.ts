import * as z from 'zod/mini';

/**
 * Publishing the site's content (D45): the Publish form, and what becomes of a publish. A press of
 * Publish is queued; the publisher (apps/server/src/publisher) builds the released site with the
 * drafts it took, checks the build, and refuses it with its problems or passes it.
 */
export const publishStates = ['queued', 'building', 'refused', 'passed'] as const;
export type PublishState = (typeof publishStates)[number];

/** What refused a publish: by its entry and field (`en.hero.lead`) where it can be placed, else the build's own words. */
export type PublishProblem = { entry?: string | undefined; field?: string | undefined; message: string };

/**
 * Publish makes a build the site every visitor sees; Preview makes one only members see (D45).
 * Undo makes the version before the last publish current again, at once; its row waits only for
 * the publisher to revert the undone publish's commit on the content branch.
 */
export type PublishPurpose = 'publish' | 'preview' | 'undo';

/** A publish as the Site section lists it. */
export type PublishRow = {
  id: string;
  purpose: PublishPurpose;
  state: PublishState;
  entries: string[];
  words: string[];
  requestedBy: string;
  requestedAt: string;
  finishedAt?: string | undefined;
  problems: PublishProblem[];
  commit?: string | undefined;
  /**
   * The version a passing publish made; for a preview, the one its pages are seen at; for an undo,
   * the one it made current again (none: the release's own build).
   */
  version?: string | undefined;
  /** Why its commit is not on the Git remote yet; the publisher tries again at the next publish. */
  pushProblem?: string | undefined;
  /** An undo's: the publish it undid. */
  undoes?: string | undefined;
};

/** A word the editor adds to the spelling list: letters, with an apostrophe or hyphen inside. */
const wordPattern = /^\p{L}[\p{L}\p{M}'’-]{0,39}$/u;

/** The words typed in the Publish form's box, one per line or separated by spaces or commas; undefined when one is not a word. */
export function wordsOf(text: string): string[] | undefined {
  const words = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  return words.every((word) => wordPattern.test(word)) ? words : undefined;
}

/** The Publish form: the drafts chosen (a box each, so one or several), and new words for the spelling list. */
export const publishFormSchema = z.object({
  entries: z.pipe(
    z.union([z.string().check(z.maxLength(80)), z.array(z.string().check(z.maxLength(80))).check(z.maxLength(200))]),
    z.transform((chosen) => (Array.isArray(chosen) ? chosen : [chosen])),
  ),
  words: z.optional(
    z.string().check(
      z.maxLength(2000, 'keep the new words under 2,000 characters'),
      z.refine((text) => wordsOf(text) !== undefined, 'give words of letters only, one per line'),
    ),
  ),
});

/** Where a member sees a page of a preview's version (D45): the page's own path under the console. */
export const previewPath = (version: string, path = '/') => `/team/site/preview/${version}${path}`;

/**
 * One event of an entry's history (D45): a publish that passed, or an undo, with who and when,
 * and each field it changed as a word-level diff: runs of words kept, added or removed, in order.
 */
export type HistoryRow = {
  id: string;
  purpose: 'publish' | 'undo';
  by: string;
  at: string;
  /** An undo's: when the publish it undid was published (ISO instant). */
  undoes?: string | undefined;
  /** Each field that changed, by its place (`fr.heroLead`), as runs of `[how, words]`. */
  changes: Array<{ field: string; runs: Array<[WordChange, string]> }>;
};

/** Whether a run of words was kept, added or removed. */
export type WordChange = 'same' | 'added' | 'removed';

const publishId = z.string().check(z.regex(/^[0-9a-f-]{36}$/));

/**
 * "Restore this version" on a row of an entry's history: the publish (or undo) whose values become
 * a draft, the published version the page showed, and the draft's revision it showed (0: none), as a
 * save names them, so a draft saved since is shown beside, never written over.
 */
export const restoreFormSchema = z.object({
  _publish: publishId,
  _base: z.string().check(z.regex(/^[0-9a-f]{16}$/)),
  _revision: z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)),
});

/** "Undo the last publish", confirmed: the publish the confirmation showed, which is undone only if it is still the last. */
export const undoFormSchema = z.object({ publish: publishId });
