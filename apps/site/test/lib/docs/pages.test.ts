import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { docsPageSchema } from '@/lib/content/schemas';
import { docsPages, docsPath } from '@/lib/docs/pages';

// The collection 'docs' checks each file's frontmatter with docsPageSchema; `astro build` then
// stops naming the file (Astro's InvalidContentEntryDataError), and these say which field.
const problems = (frontmatter: string) => {
  const result = docsPageSchema.safeParse(parse(frontmatter));
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || '(frontmatter)'}`);
};
const card = 'card:\n  eyebrow: API reference\n  title: Manage your lists.';

describe('a docs content file', () => {
  it('takes its URL from its place and everything else from its frontmatter', () => {
    expect(docsPath('reference/lists')).toBe('/developers/reference/lists');
    expect(docsPath('index')).toBe('/developers');
    expect(
      docsPageSchema.parse(parse(`title: Lists\ndescription: Manage lists.\norder: 60\nnavLabel: Lists\n${card}`)),
    ).toEqual({
      title: 'Lists',
      description: 'Manage lists.',
      order: 60,
      navLabel: 'Lists',
      card: { eyebrow: 'API reference', title: 'Manage your lists.' },
    });
    expect(docsPages.find((page) => page.source === 'reference/contacts.mdx')).toMatchObject({
      path: '/developers/reference/contacts',
      title: 'Contacts',
      body: expect.stringMatching(/^A contact is a person you message\./),
    });
  });

  it.each([
    ['no frontmatter', '', ['(frontmatter)']],
    ['no description', `title: Lists\norder: 60\n${card}`, ['description']],
    ['an empty title', `title: ''\ndescription: Manage lists.\norder: 60\n${card}`, ['title']],
    [
      'an order that is not a whole number',
      `title: Lists\ndescription: Manage lists.\norder: first\n${card}`,
      ['order'],
    ],
    [
      'a misspelt field',
      `title: Lists\ndescripton: Manage lists.\norder: 60\n${card}`,
      ['description', '(frontmatter)'],
    ],
  ])('is refused, naming the field, when it has %s', (_name, frontmatter, fields) => {
    expect(problems(frontmatter)).toEqual(fields);
  });

  it('names the card field that is missing', () => {
    expect(problems('title: Lists\ndescription: Manage lists.\norder: 60\ncard:\n  eyebrow: API reference')).toEqual([
      'card.title',
    ]);
    expect(problems('title: Lists\ndescription: Manage lists.\norder: 60')).toEqual(['card']);
  });
});
