import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { contentKinds, entryOf, type DraftLanguage } from '@growmail/contracts/content/entries';
import type { PublishProblem } from '@growmail/contracts/content/publish';
import { contentImagePattern } from '@growmail/contracts/content/schemas';
import { spellCheckDocument } from 'cspell-lib';
import { HtmlValidate } from 'html-validate';
import type { DraftValues } from '../repositories/content-drafts.ts';
import { documentBudget, documentBytes } from '../site/document-budget.ts';
import { substitute, type Substitution } from '../site/placeholders.ts';
import { routeOf } from '../site/site-files.ts';

/**
 * The checks a publish passes before any visitor sees it (D45), each problem named by its entry
 * and field where it can be placed: the content schemas and spelling on the drafts themselves, then,
 * on the build, each page's document budget, valid HTML and the drafts' links to the site's pages.
 */

/** Each string of a value with its field's name, as the console's form names it (`en.blocks.1.title`). */
function* strings(value: unknown, field: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [field, value];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, `${field}.${index}`);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* strings(item, `${field}.${key}`);
}

/** A string that is not copy: a path or link, a date, an uploaded image's hash, or a token such as an icon's name. */
const notCopy = (text: string) =>
  /^(\/|https?:|mailto:|tel:)/.test(text) ||
  /^[a-z0-9-]+$/.test(text) ||
  /^\d/.test(text) ||
  contentImagePattern.test(text);

/** The languages a draft's value is spelled in: a list both languages show holds both. */
const locales: Record<DraftLanguage, string> = { en: 'en-GB', fr: 'fr,en-GB', all: 'en-GB,fr' };

/** The content schemas, as the build applies them, and spelling with the site's dictionaries and the editor's words. */
export async function checkDrafts(
  drafts: Record<string, DraftValues>,
  words: readonly string[],
  spellingConfig: string,
): Promise<PublishProblem[]> {
  const problems: PublishProblem[] = [];
  for (const [entry, values] of Object.entries(drafts)) {
    const found = entryOf(entry);
    if (!found) {
      problems.push({ entry, message: 'The site has no such entry.' });
      continue;
    }
    const schema = contentKinds[found.kind].schema;
    for (const [language, value] of Object.entries(values) as Array<[DraftLanguage, unknown]>) {
      const checked = schema.safeParse(value);
      if (!checked.success)
        for (const issue of checked.error.issues)
          problems.push({ entry, field: [language, ...issue.path].join('.'), message: issue.message });
      for (const [field, text] of strings(value, language)) {
        if (notCopy(text)) continue;
        const { issues } = await spellCheckDocument(
          { uri: `file:///${entry}/${field}.txt`, text, languageId: 'plaintext', locale: locales[language] },
          { generateSuggestions: false, noConfigSearch: true, configFile: spellingConfig },
          { words: [...words] },
        );
        for (const word of new Set(issues.map((issue) => issue.text)))
          problems.push({
            entry,
            field,
            message: `the spelling check does not know “${word}”: correct it, or add it under New words if it is right`,
          });
      }
    }
  }
  return problems;
}

/** The built pages, by route, as the server serves them: /index.html is /, the error pages and /_views are not routes. */
async function builtPages(dist: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const absolute = join(entry.parentPath, entry.name);
    const route = routeOf(`/${relative(dist, absolute).split(sep).join('/')}`);
    if (route) pages.set(route, absolute);
  }
  return pages;
}

const KB = 1024;
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

/** The page an entry has of its own, in each language, so a page over its budget is put to the entry that made it. */
function entryOfPage(route: string, entries: readonly string[]): string | undefined {
  const path = route.replace(/^\/fr(?=\/|$)/, '') || '/';
  return entries.find((id) => {
    const found = entryOf(id);
    const kind = found && contentKinds[found.kind];
    return found?.key !== undefined && kind && 'keyed' in kind && kind.keyed(found.key) === path;
  });
}

/**
 * Each page's document budget, valid HTML, and every site path a draft links to is a page or a
 * file of the build. A page is measured as the servers send it, with the configured values in
 * place of the build's stand-ins (`substitutions`), as byte-budget.test.ts measures it.
 */
export async function checkBuild(
  dist: string,
  drafts: Record<string, DraftValues>,
  substitutions: readonly Substitution[],
): Promise<PublishProblem[]> {
  const problems: PublishProblem[] = [];
  const pages = await builtPages(dist);
  const entries = Object.keys(drafts);
  for (const [route, file] of [...pages].sort(([a], [b]) => a.localeCompare(b))) {
    const html = substitute(await readFile(file, 'utf8'), substitutions);
    const bytes = documentBytes(html);
    if (bytes > documentBudget(route))
      problems.push({
        entry: entryOfPage(route, entries),
        message: `${route} would be ${(bytes / KB).toFixed(2)} KB, over its ${(documentBudget(route) / KB).toFixed(1)} KB budget for the first screen on a slow link: shorten the words on it`,
      });
    const report = await validator.validateString(html);
    for (const message of report.results.flatMap((result) => result.messages))
      problems.push({ message: `${route} is not valid HTML: ${message.message} (line ${message.line})` });
  }
  const files = new Set(
    (await readdir(dist, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => `/${relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/')}`),
  );
  for (const [entry, values] of Object.entries(drafts))
    for (const [language, value] of Object.entries(values))
      for (const [field, text] of strings(value, language)) {
        if (!/^\/(?!\/)\S*$/.test(text)) continue;
        const path = text.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
        if (!pages.has(path) && !files.has(path))
          problems.push({ entry, field, message: `${text} is not a page or file of the site` });
      }
  return problems;
}
