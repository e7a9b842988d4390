import { describe, expect, it } from 'vitest';
import { parseDocsPage } from '@/lib/docs/pages';

const page = (frontmatter: string, body = '## Section\n\nText.') => `---\n${frontmatter}\n---\n\n${body}\n`;
const card = 'card:\n  eyebrow: API reference\n  title: Manage your lists.';

describe('a docs content file', () => {
  it('takes its URL from its place and everything else from its frontmatter', () => {
    expect(
      parseDocsPage(
        'reference/lists.mdx',
        page(`title: Lists\ndescription: Manage lists.\norder: 60\nnavLabel: Lists\n${card}`),
      ),
    ).toEqual({
      path: '/developers/reference/lists',
      source: 'reference/lists.mdx',
      title: 'Lists',
      description: 'Manage lists.',
      order: 60,
      navLabel: 'Lists',
      card: { eyebrow: 'API reference', title: 'Manage your lists.' },
      body: '## Section\n\nText.',
    });
    expect(parseDocsPage('index.mdx', page(`title: Docs\ndescription: All of them.\norder: 0\n${card}`)).path).toBe(
      '/developers',
    );
  });

  it.each([
    ['no frontmatter', '## Section'],
    ['no description', page(`title: Lists\norder: 60\n${card}`)],
    ['an empty title', page(`title: ''\ndescription: Manage lists.\norder: 60\n${card}`)],
    ['an order that is not a whole number', page(`title: Lists\ndescription: Manage lists.\norder: first\n${card}`)],
    ['a misspelt field', page(`title: Lists\ndescripton: Manage lists.\norder: 60\n${card}`)],
  ])('stops the build, naming the file, when it has %s', (_name, content) => {
    expect(() => parseDocsPage('reference/lists.mdx', content)).toThrow('content/docs/reference/lists.mdx');
  });

  it('names the card field that is missing', () => {
    const noTitle = page('title: Lists\ndescription: Manage lists.\norder: 60\ncard:\n  eyebrow: API reference');
    expect(() => parseDocsPage('reference/lists.mdx', noTitle)).toThrow('  - card.title: ');
    expect(() =>
      parseDocsPage('reference/lists.mdx', page('title: Lists\ndescription: Manage lists.\norder: 60')),
    ).toThrow('  - card: ');
  });
});
