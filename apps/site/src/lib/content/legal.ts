import type { Language } from '@growmail/contracts/language';
import { getEntry } from 'astro:content';
import { siteConfig } from '@/lib/site-config';
import type { LegalDocument } from '@growmail/contracts/content/schemas';

const withContactEmail = (text: string) => text.replaceAll('{contactEmail}', siteConfig.contactEmail);

/** A legal document from content/legal (terms.yaml is 'terms'), with the contact address filled in. */
export async function legalDocument(id: 'terms' | 'privacy', language: Language = 'en'): Promise<LegalDocument> {
  const entry = await getEntry(language === 'fr' ? 'legalFr' : 'legal', id);
  if (!entry) throw new Error(`No legal document content/legal/${language === 'fr' ? 'fr/' : ''}${id}.yaml`);
  const { intro, sections, ...rest } = entry.data;
  return {
    ...rest,
    intro: intro.map(withContactEmail),
    sections: sections.map((section) => ({
      ...section,
      body: section.body.map((block) =>
        typeof block === 'string' ? withContactEmail(block) : { list: block.list.map(withContactEmail) },
      ),
    })),
  };
}
