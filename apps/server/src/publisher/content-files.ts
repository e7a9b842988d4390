import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCatalogue } from '@growmail/contracts/catalogue';
import { entryOf, type DraftLanguage } from '@growmail/contracts/content/entries';
import { withPrices, type Prices } from '@growmail/contracts/content/prices';
import type { PublishProblem } from '@growmail/contracts/content/publish';
import { Document, parse } from 'yaml';
import type { DraftValues } from '../repositories/content-drafts.ts';

/**
 * Where each entry's drafts are written in the site's sources (D45): the content file of each
 * language, as `src/content.config.ts` reads it. A file keeps its header comment; a list both
 * languages show is written keyed by a slug of each item's name, as the files key them.
 */

/**
 * Where one language's value goes: a file of its own, a list keyed by each item's slug, or the
 * language's key of a file keyed by language (`keyed`), under a field (`field`) where it is a list.
 */
type Target = {
  file: string;
  language: DraftLanguage;
  list?: (item: Record<string, unknown>) => string;
  keyed?: { field?: string };
};

const slug = (text: unknown) =>
  String(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The files an entry is written to; undefined for an entry the publisher cannot write. */
function targetsOf(id: string): Target[] | undefined {
  const entry = entryOf(id);
  if (!entry) return undefined;
  const { kind, key } = entry;
  if (kind === 'products' || kind === 'legal')
    return [
      { file: `src/content/${kind}/${key}.yaml`, language: 'en' },
      { file: `src/content/${kind}/fr/${key}.yaml`, language: 'fr' },
    ];
  if (kind === 'testimonials' || kind === 'partners')
    return [{ file: `src/content/${kind}.yaml`, language: 'all', list: (item) => slug(item.name) }];
  const byLanguage = (file: string, field?: string): Target[] =>
    (['en', 'fr'] as const).map((language) => ({ file, language, keyed: field ? { field } : {} }));
  if (kind === 'home') return byLanguage('src/content/home.yaml');
  if (kind === 'brand') return byLanguage('src/content/brand.yaml');
  if (kind === 'home-features') return byLanguage('src/content/home-features.yaml', 'blocks');
  if (kind === 'faqs') return byLanguage('src/content/faqs.yaml', 'questions');
  if (kind === 'press')
    return [{ file: 'src/content/press.yaml', language: 'all', list: (item) => slug(item.publication) }];
  return undefined;
}

/** Where the pricing catalogue is kept in the site (D13, D45). */
const catalogueFile = 'src/content/catalogue.json';

/**
 * JSON as prettier writes it in this repository: two spaces, and a list of strings on one line
 * where it fits in 120 characters, so a published catalogue differs from its source by its prices only.
 */
const prettyJson = (value: unknown) =>
  JSON.stringify(value, null, 2).replace(
    /^( *)(.*)\[\n((?: *"(?:[^"\\\n]|\\.)*",?\n)+) *\]/gm,
    (whole, indent: string, before: string, items: string) => {
      const line = `${indent}${before}[${items.trim().split(/,\n */).join(', ')}]`;
      return line.length <= 120 ? line : whole;
    },
  ) + '\n';

/** Writes an admin's prices into the site's catalogue, keeping its shape; the problems where they do not fit it. */
async function writePrices(site: string, entry: string, prices: Prices): Promise<PublishProblem[]> {
  const path = join(site, catalogueFile);
  const merged = withPrices(parseCatalogue(JSON.parse(await readFile(path, 'utf8'))), prices);
  if ('problems' in merged) return merged.problems.map((problem) => ({ entry, ...problem }));
  await writeFile(path, prettyJson(merged.catalogue));
  return [];
}

/** A list as its file keys it: by each item's slug, a repeated one numbered. */
function keyed(items: unknown[], keyOf: (item: Record<string, unknown>) => string) {
  const seen = new Map<string, number>();
  return Object.fromEntries(
    items.map((item) => {
      const key = keyOf(item as Record<string, unknown>) || 'item';
      const times = (seen.get(key) ?? 0) + 1;
      seen.set(key, times);
      return [times === 1 ? key : `${key}-${times}`, item];
    }),
  );
}

/**
 * Writes each entry's drafts into the site at `site`: the files it changed, from the site's
 * folder, or the problems of entries it cannot write.
 */
export async function writeDrafts(
  site: string,
  drafts: Record<string, DraftValues>,
): Promise<{ files: string[]; problems: PublishProblem[] }> {
  const files: string[] = [];
  const problems: PublishProblem[] = [];
  for (const [entry, values] of Object.entries(drafts)) {
    if (entryOf(entry)?.kind === 'prices') {
      const refused = await writePrices(site, entry, values.all as Prices);
      if (refused.length === 0) files.push(catalogueFile);
      problems.push(...refused);
      continue;
    }
    const targets = targetsOf(entry);
    if (!targets) {
      problems.push({
        entry,
        message: 'The publisher does not know where this entry is kept, so it cannot publish it.',
      });
      continue;
    }
    for (const target of targets) {
      const value = values[target.language];
      if (value === undefined) continue;
      const path = join(site, target.file);
      const before = existsSync(path) ? await readFile(path, 'utf8') : '';
      const header = /^(?:#.*\n)*/.exec(before)![0];
      // YAML 1.1, as the site's loader reads it: a string that looks like a date or a yes is quoted.
      let content: unknown = target.list ? keyed(value as unknown[], target.list) : value;
      if (target.keyed) {
        const field = target.keyed.field;
        content = { ...(parse(before) as object), [target.language]: field ? { [field]: value } : value };
      }
      const document = new Document(content, { version: '1.1' });
      await writeFile(path, header + document.toString({ lineWidth: 0, singleQuote: true }));
      files.push(target.file);
    }
  }
  return { files, problems };
}
