import type { Language } from '@growmail/contracts/language';
import { getEntry } from 'astro:content';

/** The questions every product page answers (spec "Screens and routes", Feature pages), in one language. */
async function faqsIn(language: Language) {
  const entry = await getEntry('faqs', language);
  if (!entry) throw new Error(`src/content/faqs.yaml has no ${language} entry`);
  return entry.data.questions;
}

/** The product pages' questions in each language, from content/faqs.yaml, which marketing edits (D45). */
export const productFaqsIn = { en: await faqsIn('en'), fr: await faqsIn('fr') } satisfies Record<Language, unknown>;
