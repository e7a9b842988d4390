import { contentKinds, draftLanguagesOf } from '@growmail/contracts/content/entries';
import { describe, expect, it } from 'vitest';
import { editableEntries, languageStates, type EditableEntry } from '@/lib/content/editable';

describe('the content marketing edits (D45)', () => {
  it('lists every kind, each product and legal document, with both languages published', async () => {
    const entries = await editableEntries();
    expect(entries.map((entry) => entry.id)).toEqual([
      'home',
      'brand',
      'home-features',
      'testimonials',
      'press',
      'partners',
      'products.analytics',
      'products.automations',
      'products.campaign',
      'products.transactionals',
      'faqs',
      'prices',
      'legal.terms',
      'legal.privacy',
    ]);
    for (const entry of entries)
      expect([entry.id, Object.keys(entry.published)]).toEqual([entry.id, draftLanguagesOf(contentKinds[entry.kind])]);
    expect(entries.find((entry) => entry.id === 'products.campaign')?.label).toBe('Broadcast Messaging');
  });

  it('gives each published value as its source writes it, so the build’s schema takes it back unchanged', async () => {
    for (const entry of await editableEntries())
      for (const [language, value] of Object.entries(entry.published)) {
        const parsed = contentKinds[entry.kind].schema.safeParse(value);
        expect([entry.id, language, parsed.success || parsed.error.issues]).toEqual([entry.id, language, true]);
      }
    const campaign = (await editableEntries()).find((entry) => entry.id === 'products.campaign')!;
    expect(Object.keys((campaign.published.en as { blocks: object[] }).blocks[0]!)).not.toContain('link');
  });

  it('says each language is published, has a draft by someone since a time, or misses its translation', () => {
    const entry: EditableEntry = {
      id: 'products.web-push',
      kind: 'products',
      page: 'Product pages',
      label: 'Web Push',
      published: { en: {} },
    };
    expect(languageStates(entry, undefined)).toEqual([
      { language: 'en', state: 'published' },
      { language: 'fr', state: 'missing' },
    ]);
    const draft = {
      entry: entry.id,
      author: 'Ada Obi',
      startedAt: '2026-11-29T10:00:00.000Z',
      savedAt: '2026-11-29T10:05:00.000Z',
      languages: ['fr' as const],
    };
    expect(languageStates(entry, draft)).toEqual([
      { language: 'en', state: 'published' },
      { language: 'fr', state: 'draft', author: 'Ada Obi', startedAt: '2026-11-29T10:00:00.000Z' },
    ]);
    expect(languageStates({ ...entry, id: 'press', kind: 'press', published: { all: [] } }, undefined)).toEqual([
      { language: 'all', state: 'published' },
    ]);
  });
});
