import { parse } from 'yaml';
import * as z from 'zod/mini';
import { ogCardSchema } from '../og-card';
import { listContent, readContent } from '../content/files';

/**
 * The docs' pages (spec "Screens and routes"), one MDX file each in content/docs. A file's
 * place gives its URL (reference/contacts.mdx → /developers/reference/contacts, index.mdx →
 * /developers) and its frontmatter everything else: the navigation, the sitemap, the Open Graph
 * card, llms.txt, the .md copies and the search index are all derived from here, so a new page
 * is one content file.
 */
const text = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));

const docsFrontmatterSchema = z.strictObject({
  title: text,
  description: text,
  /** Where the page sits in the navigation, llms.txt and search: lower first. */
  order: z.int(),
  /** A shorter name for the navigation, when the title is long. */
  navLabel: z.optional(text),
  /** What the page's Open Graph card says (lib/og-card.ts). */
  card: ogCardSchema,
});

export type DocsPage = z.output<typeof docsFrontmatterSchema> & {
  path: string;
  /** The file under content/docs, such as reference/contacts.mdx. */
  source: string;
  /** The MDX after the frontmatter. */
  body: string;
};

/** The URL path of a docs page; any string, since pages are files (docsPage() rejects unknown ones). */
export type DocsPath = string;

const frontmatter = /^---\n([\s\S]*?)\n---\n/;

/** One content file as a page: its frontmatter checked, so a bad edit stops the build naming the file and field. */
export function parseDocsPage(source: string, content: string): DocsPage {
  const match = frontmatter.exec(content);
  const result = docsFrontmatterSchema.safeParse(match ? parse(match[1]!) : undefined);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  - ${issue.path.join('.') || '(frontmatter)'}: ${issue.message}`,
    );
    throw new Error(`Invalid docs page apps/site/src/content/docs/${source}:\n${problems.join('\n')}`);
  }
  const slug = source.replace(/\.mdx$/, '');
  return {
    ...result.data,
    path: slug === 'index' ? '/developers' : `/developers/${slug}`,
    source,
    body: content.replace(frontmatter, '').trim(),
  };
}

export const docsPages: DocsPage[] = listContent('docs', '.mdx')
  .map((source) => parseDocsPage(source, readContent(`docs/${source}`)))
  .sort((a, b) => a.order - b.order);

export function docsPage(path: DocsPath): DocsPage {
  const page = docsPages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`No docs page at ${path}`);
  return page;
}

export type NavGroup = { title: string; path: string; items: { title: string; path: DocsPath }[] };

/** A navigation group: the pages in one folder of content/docs, in their order. */
const navGroup = (title: string, folder: string): NavGroup => {
  const path = `/developers/${folder}`;
  return {
    title,
    path,
    items: docsPages
      .filter((page) => page.path.startsWith(`${path}/`))
      .map((page) => ({ title: page.navLabel ?? page.title, path: page.path })),
  };
};

export const navigation: NavGroup[] = [navGroup('Guides', 'guides'), navGroup('API Reference', 'reference')];

/** A group is open when the current URL contains its path (spec "Screens and routes"). */
export const isGroupOpen = (group: NavGroup, currentPath: string) =>
  currentPath === group.path || currentPath.startsWith(`${group.path}/`);

const unlisted = docsPages.find(
  (page) => page.path !== '/developers' && !navigation.some((group) => isGroupOpen(group, page.path)),
);
if (unlisted) throw new Error(`content/docs/${unlisted.source} is in no navigation group (lib/docs/pages.ts)`);
