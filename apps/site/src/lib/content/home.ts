import type { Language } from '@growmail/contracts/language';
import { getEntry } from 'astro:content';

/** A missing language stops the build at its list's rules already; this names it if that ever changes. */
const missing = (file: string, language: Language) => new Error(`src/content/${file} has no ${language} entry`);

async function copyIn(language: Language) {
  const entry = await getEntry('home', language);
  if (!entry) throw missing('home.yaml', language);
  return entry.data;
}

async function featuresIn(language: Language) {
  const entry = await getEntry('homeFeatures', language);
  if (!entry) throw missing('home-features.yaml', language);
  return entry.data.blocks;
}

/** The home page's copy (D4) in each language, from content/home.yaml, which marketing edits (D45). */
export const homeIn = { en: await copyIn('en'), fr: await copyIn('fr') } satisfies Record<Language, unknown>;

/**
 * The home page's four feature blocks in each language, one per product, from
 * content/home-features.yaml; their sides alternate by order.
 */
export const homeFeaturesIn = { en: await featuresIn('en'), fr: await featuresIn('fr') } satisfies Record<
  Language,
  unknown
>;

/** The home page's feature blocks in English. */
export const homeFeatures = homeFeaturesIn.en;
