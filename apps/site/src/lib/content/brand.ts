import type { BrandWords } from '@growmail/contracts/content/schemas';
import type { Language } from '@growmail/contracts/language';
import { getEntry } from 'astro:content';

async function wordsIn(language: Language): Promise<BrandWords> {
  const entry = await getEntry('brand', language);
  // A missing language stops the build at its list's rules already; this names it if that ever changes.
  if (!entry) throw new Error(`src/content/brand.yaml has no ${language} entry`);
  return entry.data;
}

/**
 * The brand's words in each language (D1, D37), from content/brand.yaml, which marketing edits
 * from the console (D45): the tagline, the description and the startup offer. The name, the
 * addresses and the links stay in lib/site-config.ts, with developers.
 */
export const brandWords: Record<Language, BrandWords> = { en: await wordsIn('en'), fr: await wordsIn('fr') };
