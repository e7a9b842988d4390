import { getCollection } from 'astro:content';
import { Feed } from 'feed';
import type * as z from 'zod/mini';
import type { changelogEntrySchema } from '../content/schemas';
import { siteConfig } from '../site-config';
import { openApi } from './openapi';
import { docsPages } from './pages';

export const changelogPath = '/developers/changelog';
export const changelogFeedPath = '/developers/changelog.atom';
export const changelogTitle = 'API changelog';
export const changelogDescription =
  'What changed in the Growmail API and its docs, newest first, with the API version and the operations each change touches.';

/** An operation an entry touches, and the reference page that documents it. */
export type TouchedOperation = { id: string; path: string };

export type ChangelogEntry = Omit<z.output<typeof changelogEntrySchema>, 'operations'> & {
  /** The file's name without .md: the entry's anchor on the page and the end of its feed id. */
  slug: string;
  operations: TouchedOperation[];
  /** The body, rendered to HTML at build. */
  html: string;
};

const pageOf = (operationId: string) =>
  docsPages.find((page) => page.body.includes(`<Operation id="${operationId}" />`))?.path ?? '/developers/reference';

/** The collection 'changelog' (content/changelog, one Markdown file per change), newest first. */
export const changelog: ChangelogEntry[] = (await getCollection('changelog'))
  .map(({ id, data, rendered }) => ({
    ...data,
    slug: id,
    operations: data.operations.map((operationId) => ({ id: operationId, path: pageOf(operationId) })),
    html: rendered?.html ?? '',
  }))
  .sort((a, b) => b.date.localeCompare(a.date) || b.slug.localeCompare(a.slug));

const newest = changelog[0];
if (newest && newest.version !== openApi.info.version)
  throw new Error(
    `content/changelog/${newest.slug}.md says version ${newest.version}, but openapi.yaml's info.version is ${openApi.info.version}: the newest entry carries the document's version`,
  );

/**
 * The changelog as an Atom feed (RFC 4287), written by the `feed` library: each entry's id is a
 * tag: URI that never changes with the site's address, and its link the entry on the page.
 */
export function changelogAtom(origin: string): string {
  const updated = (date: string) => new Date(`${date}T00:00:00Z`);
  const feed = new Feed({
    id: `tag:growmail.io,2026:${changelogPath}`,
    title: `${siteConfig.name} ${changelogTitle}`,
    description: changelogDescription,
    link: `${origin}${changelogPath}`,
    feedLinks: { atom: `${origin}${changelogFeedPath}` },
    updated: updated(newest?.date ?? '2026-11-21'),
    author: { name: siteConfig.name, link: origin },
    copyright: `© ${siteConfig.name}`,
    generator: false,
  });
  for (const entry of changelog) {
    feed.addItem({
      id: `tag:growmail.io,${entry.date}:${changelogPath}/${entry.slug}`,
      title: entry.title,
      link: `${origin}${changelogPath}#${entry.slug}`,
      date: updated(entry.date),
      description: `API ${entry.version}${entry.breaking ? ', breaking' : ''}. Operations: ${entry.operations.map((operation) => operation.id).join(', ') || 'none'}.`,
      content: entry.html,
      category: [
        { name: `version ${entry.version}`, term: entry.version },
        ...(entry.breaking ? [{ name: 'breaking', term: 'breaking' }] : []),
        ...entry.operations.map((operation) => ({ name: operation.id, term: operation.id })),
      ],
    });
  }
  return feed.atom1();
}
