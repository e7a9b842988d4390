import {
  contentKinds,
  draftLanguagesOf,
  type ContentKindName,
  type DraftLanguage,
  type PublishedEntry,
} from '@growmail/contracts/content/entries';
import { pricesOf } from '@growmail/contracts/content/prices';
import type { FeatureBlockInput } from '@growmail/contracts/content/schemas';
import type { ContentDraftRow } from '@growmail/contracts/team';
import { getCollection, getEntry } from 'astro:content';
import { createHash } from 'node:crypto';
import { builtCatalogue } from '../catalogue';
import { brandWords } from './brand';
import { productFaqsIn } from './faqs';
import { homeFeaturesIn, homeIn } from './home';

/**
 * The site's content as marketing edits it from the console (D45): every entry of the kinds in
 * `@growmail/contracts/content/entries`, with its published values as the source writes them
 * (what the form shows and a draft replaces), each language's own, or `all` for a list both
 * languages show. Read from the build's content and written to `publishedEntriesPath`, which the
 * server hands back to the console's pages with the version it serves.
 */
export type EditableEntry = PublishedEntry;

/** A block as its source writes it: the sides are given in turn, so the form never says them. */
const unsided = ({ direction: _direction, ...block }: FeatureBlockInput) => block;
/** A product page's block as its file writes it: every block links to sign-up, in the page's words. */
const productBlock = ({ link: _link, cta: _cta, direction: _direction, ...block }: FeatureBlockInput) => block;

const entry = (kind: ContentKindName, published: EditableEntry['published'], key?: string, label?: string) => ({
  id: key ? `${kind}.${key}` : kind,
  kind,
  page: contentKinds[kind].page,
  label: label ?? contentKinds[kind].label,
  published,
});

const listOf = async (collection: 'testimonials' | 'press' | 'partners') =>
  (await getCollection(collection)).map((item) => item.data);

async function productEntries(): Promise<EditableEntry[]> {
  const [english, french] = await Promise.all([getCollection('products'), getCollection('productsFr')]);
  const raw = (data: (typeof english)[number]['data']) => ({ ...data, blocks: data.blocks.map(productBlock) });
  const slugs = [...new Set([...english, ...french].map((product) => product.id))];
  return slugs.map((slug) => {
    const en = english.find((product) => product.id === slug);
    const fr = french.find((product) => product.id === slug);
    return entry(
      'products',
      { ...(en ? { en: raw(en.data) } : {}), ...(fr ? { fr: raw(fr.data) } : {}) },
      slug,
      (en ?? fr)!.data.title,
    );
  });
}

async function legalEntries(): Promise<EditableEntry[]> {
  return Promise.all(
    (['terms', 'privacy'] as const).map(async (id) => {
      const [en, fr] = await Promise.all([getEntry('legal', id), getEntry('legalFr', id)]);
      return entry(
        'legal',
        { ...(en ? { en: en.data } : {}), ...(fr ? { fr: fr.data } : {}) },
        id,
        (en ?? fr)?.data.title,
      );
    }),
  );
}

/**
 * The entries as published by the version the server serves, handed in by the server; the build's
 * own when it hands none (a page rendered without a server, in tests).
 */
export const publishedEntries = async (handed: readonly PublishedEntry[] | undefined) =>
  handed ?? (await editableEntries());

/** Every entry marketing edits, in the kinds' order. */
export async function editableEntries(): Promise<EditableEntry[]> {
  const [testimonials, press, partners, products, legal] = await Promise.all([
    listOf('testimonials'),
    listOf('press'),
    listOf('partners'),
    productEntries(),
    legalEntries(),
  ]);
  const byKind: Record<ContentKindName, EditableEntry[]> = {
    home: [entry('home', { en: homeIn.en, fr: homeIn.fr })],
    brand: [entry('brand', { en: brandWords.en, fr: brandWords.fr })],
    'home-features': [
      entry('home-features', { en: homeFeaturesIn.en.map(unsided), fr: homeFeaturesIn.fr.map(unsided) }),
    ],
    testimonials: [entry('testimonials', { all: testimonials })],
    press: [entry('press', { all: press })],
    partners: [entry('partners', { all: partners })],
    products,
    faqs: [entry('faqs', { en: productFaqsIn.en, fr: productFaqsIn.fr })],
    prices: [entry('prices', { all: pricesOf(builtCatalogue) })],
    legal,
  };
  return Object.values(byKind).flat();
}

/** What visitors of one language see of an entry: what is published, a draft waiting, or nothing yet. */
export type LanguageState =
  | { language: DraftLanguage; state: 'published' }
  | { language: DraftLanguage; state: 'draft'; author: string; startedAt: string }
  | { language: DraftLanguage; state: 'missing' };

/** Each language's state of an entry, given its draft if it has one: a draft wins, then what is published. */
export function languageStates(entry: EditableEntry, draft: ContentDraftRow | undefined): LanguageState[] {
  return draftLanguagesOf(contentKinds[entry.kind]).map((language) => {
    if (draft?.languages.includes(language))
      return { language, state: 'draft', author: draft.author, startedAt: draft.startedAt };
    return { language, state: entry.published[language] === undefined ? 'missing' : 'published' };
  });
}

/**
 * The published version of an entry, as a draft names the one it started from: the first 16 hex
 * digits of the SHA-256 of its published values, so a publish of the same words is the same version.
 */
export const publishedVersion = (entry: EditableEntry | undefined) =>
  createHash('sha256')
    .update(JSON.stringify(entry?.published ?? {}))
    .digest('hex')
    .slice(0, 16);
