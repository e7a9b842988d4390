import { describe, expect, it } from 'vitest';
import { headingsOf, llmsText, pageMarkdown } from '@/lib/docs/markdown';
import { docsPages, isGroupOpen, navigation } from '@/lib/docs/pages';
import { searchDocuments } from '@/lib/docs/search';

describe('the docs pages as markdown', () => {
  it('writes the generated operation into a reference page', () => {
    const markdown = pageMarkdown('/developers/reference/automations');
    expect(markdown.startsWith('# Automations\n\n> ')).toBe(true);
    expect(markdown).toContain('`POST https://api.growmail.io/v1/automations`');
    // One table, its rows on consecutive lines.
    expect(markdown).toContain(
      '| Field | Type | Required | Rules |\n| --- | --- | --- | --- |\n| `event_code` | string | yes |',
    );
    expect(markdown).not.toContain('<Operation');
  });

  it('finds the h2 headings, but not lines inside code', () => {
    expect(headingsOf('## One\n```md\n## Not a heading\n```\n## `Two` words')).toEqual([
      { id: 'one', text: 'One' },
      { id: 'two-words', text: 'Two words' },
    ]);
  });

  it('lists every page in llms.txt on the given origin', () => {
    const text = llmsText('https://docs.example');
    for (const page of docsPages)
      expect(text).toContain(
        `](https://docs.example${page.path === '/developers' ? '/developers/index' : page.path}.md)`,
      );
  });
});

describe('the search index', () => {
  it('has a section per h2 of every page, linking to its anchor', () => {
    const documents = searchDocuments();
    expect(documents.find((document) => document.url === '/developers/reference/contacts#body-fields')).toMatchObject({
      page: 'Contacts',
      heading: 'Body fields',
      text: expect.stringContaining('date_of_birth'),
    });
    expect(new Set(documents.map((document) => document.id)).size).toBe(documents.length);
    expect(documents.every((document) => !document.text.includes('```'))).toBe(true);
  });
});

describe('the navigation tree', () => {
  const [guides, reference] = navigation;
  it('opens a group when the URL is inside its path', () => {
    expect(isGroupOpen(reference!, '/developers/reference/contacts')).toBe(true);
    expect(isGroupOpen(guides!, '/developers/reference/contacts')).toBe(false);
    expect(isGroupOpen(guides!, '/developers/guides/webpush')).toBe(true);
    expect(isGroupOpen(guides!, '/developers/guidesx')).toBe(false);
  });

  it('lists each folder’s pages in their frontmatter order, by their navigation label', () => {
    expect(reference!.items).toEqual([
      { title: 'Get Started', path: '/developers/reference/get-started' },
      { title: 'Automations', path: '/developers/reference/automations' },
      { title: 'Contacts', path: '/developers/reference/contacts' },
      { title: 'Transactional emails', path: '/developers/reference/transactionals' },
    ]);
    expect(docsPages[0]!.path).toBe('/developers');
  });
});
