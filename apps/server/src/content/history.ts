import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  draftLanguagesOf,
  publishedEntriesPath,
  type ContentKind,
  type PublishedEntry,
} from '@growmail/contracts/content/entries';
import { fieldTexts, formOf, formValueOf } from '@growmail/contracts/content/form';
import type { HistoryRow, WordChange } from '@growmail/contracts/content/publish';
import { diffWords } from 'diff';
import type { DraftValues } from '../repositories/content-drafts.ts';
import type { ContentPublish } from '../repositories/content-publishes.ts';
import type { DataAccess } from '../repositories/index.ts';

/**
 * An entry's history (D45), derived from what is stored: each publish that passed holds the
 * entry's values as it published them, and each undo the values it brought back; the value before
 * a change is the one of the change before it, or for the entry's first, the entry as the version
 * before that publish had it (its `content-entries.json`), the release's own build when there was none.
 */

/** The entries as a version publishes them, or as the release's own build does (`null`). */
export type PublishedIn = (version: string | null) => Promise<readonly PublishedEntry[]>;

/** Reads `content-entries.json` of a version from the database, or of the release's build from its folder. */
export function publishedIn(data: DataAccess, siteDir: string): PublishedIn {
  let release: Promise<PublishedEntry[]> | undefined;
  const parse = (body: Buffer | undefined) => (body ? (JSON.parse(body.toString('utf8')) as PublishedEntry[]) : []);
  return async (id) => {
    if (id === null) {
      release ??= readFile(join(siteDir, publishedEntriesPath)).then(parse, () => []);
      return release;
    }
    const version = await data.contentVersions.find(id);
    const hash = version?.files[publishedEntriesPath];
    return hash ? parse((await data.contentVersions.bodies([hash])).get(hash)) : [];
  };
}

/** What an entry's values were before a publish: as the version that publish followed had them. */
async function valuesBefore(
  data: DataAccess,
  entries: PublishedIn,
  publish: ContentPublish,
  entry: string,
): Promise<DraftValues> {
  const version = publish.version ? await data.contentVersions.find(publish.version) : undefined;
  const before = await entries(version?.previousId ?? null);
  return before.find((item) => item.id === entry)?.published ?? {};
}

/** A run of unchanged words longer than this is cut to its ends, so a long paragraph's one changed word stays readable. */
const contextWords = 6;

function trimmed(text: string, keepStart: boolean, keepEnd: boolean): string {
  const words = text.split(/(\s+)/);
  const keep = contextWords * 2; // words and the spaces between them
  if (words.length <= keep * 2 + 1) return text;
  const start = keepStart ? words.slice(0, keep).join('') : '';
  const end = keepEnd ? words.slice(-keep).join('') : '';
  return `${start}… ${end}`.trimStart();
}

/** Each field of `after` that differs from `before`, as runs of words kept, added and removed (jsdiff's `diffWords`). */
function changesOf(kind: ContentKind, before: DraftValues, after: DraftValues): HistoryRow['changes'] {
  const node = formOf(kind.schema);
  const changes: HistoryRow['changes'] = [];
  for (const language of draftLanguagesOf(kind)) {
    const texts = (values: DraftValues) => new Map(fieldTexts(formValueOf(node, values[language]), language));
    const was = texts(before);
    const now = texts(after);
    for (const field of new Set([...now.keys(), ...was.keys()])) {
      const from = was.get(field) ?? '';
      const to = now.get(field) ?? '';
      if (from === to) continue;
      const parts = diffWords(from, to);
      const runs = parts.map((part, index): [WordChange, string] => {
        const how: WordChange = part.added ? 'added' : part.removed ? 'removed' : 'same';
        return [how, how === 'same' ? trimmed(part.value, index > 0, index < parts.length - 1) : part.value];
      });
      changes.push({ field, runs });
    }
  }
  return changes;
}

/** The newest `limit` changes of an entry, each with what it changed, newest first. */
export async function historyOf(
  data: DataAccess,
  entries: PublishedIn,
  entry: string,
  kind: ContentKind,
  limit: number,
): Promise<HistoryRow[]> {
  // One more than shown: the oldest shown is diffed against the one before it.
  const rows = await data.contentPublishes.historyOf(entry, limit + 1);
  const shown = rows.slice(0, limit);
  return Promise.all(
    shown.map(async (row, index) => {
      const earlier = rows[index + 1];
      const before = earlier ? (earlier.drafts[entry]?.values ?? {}) : await valuesBefore(data, entries, row, entry);
      const undone =
        row.undoes === undefined
          ? undefined
          : (rows.find((other) => other.id === row.undoes) ?? (await data.contentPublishes.find(row.undoes)));
      return {
        id: row.id,
        purpose: row.purpose === 'undo' ? 'undo' : 'publish',
        by: row.requestedBy,
        at: row.purpose === 'undo' ? row.requestedAt : (row.finishedAt ?? row.requestedAt),
        ...(undone ? { undoes: undone.finishedAt ?? undone.requestedAt } : {}),
        changes: changesOf(kind, before, row.drafts[entry]?.values ?? {}),
      } satisfies HistoryRow;
    }),
  );
}
