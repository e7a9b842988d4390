import { getCollection } from 'astro:content';
import type * as z from 'zod/mini';
import type { docsPageSchema } from '../content/schemas';

/**
 * The docs' pages (spec "Screens and routes"), the collection 'docs': one MDX file each in
 * content/docs. A file's place gives its URL (reference/contacts.mdx →
 * /developers/reference/contacts, index.mdx → /developers) and its frontmatter everything else:
 * the navigation, the sitemap, the Open Graph card, llms.txt, the .md copies and the search
 * index are all derived from here, so a new page is one content file.
 */
export type DocsPage = z.output<typeof docsPageSchema> & {
  /** The collection's id for the page, such as reference/contacts: render() takes its entry. */
  id: string;
  path: string;
  /** The file under content/docs, such as reference/contacts.mdx. */
  source: string;
  /** The MDX after the frontmatter. */
  body: string;
};

/** The URL path of a docs page; any string, since pages are files (docsPage() rejects unknown ones). */
export type DocsPath = string;

/** A page's URL from its id in the collection: index is /developers, reference/contacts /developers/reference/contacts. */
export const docsPath = (id: string) => (id === 'index' ? '/developers' : `/developers/${id}`);

export const docsPages: DocsPage[] = (await getCollection('docs'))
  .map(({ id, data, body, filePath }) => ({
    ...data,
    id,
    path: docsPath(id),
    source: filePath!.replace(/^src\/content\/docs\//, ''),
    body: body!.trim(),
  }))
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
