import { contentText, ogCardSchema } from '@growmail/contracts/content/schemas';
import * as z from 'zod/mini';
import { operationIds } from '../docs/openapi';

/**
 * What the build checks of the site's content beyond the schemas marketing's content shares
 * with the console (partners, testimonials, press, products, legal, home: in
 * `@growmail/contracts/content/schemas`, D45): how a bad edit is reported, a product's slug from
 * its file, and the developers' content, the docs pages and the changelog, whose schema reads the
 * OpenAPI document (Vite-only, so not in contracts).
 */

/**
 * A bad edit as the build reports it: the file, then each field and what is wrong with it.
 * Without a zod locale an unknown key would say only 'Invalid input', so it names the key.
 */
export function contentError(path: string, error: z.core.$ZodError): Error {
  const problems = error.issues.map((issue) => {
    const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}`
        : issue.message;
    return `  - ${where || '(root)'}: ${message}`;
  });
  return new Error(`Invalid site content in apps/site/${path}:\n${problems.join('\n')}`);
}

const kebabCase = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A product's slug, from its file's name in content/products (campaign.yaml is 'campaign', at
 * /products/campaign): the collection's ids, so a name that is not a URL segment stops the build.
 */
export function productSlug(file: string): string {
  const slug = file.replace(/\.yaml$/, '');
  if (!kebabCase.test(slug))
    throw new Error(`src/content/products/${file}: name the file in kebab-case, such as web-push.yaml`);
  return slug;
}

const docsText = contentText();

/**
 * A docs page's frontmatter (content/docs): its place gives its URL (reference/contacts.mdx →
 * /developers/reference/contacts, index.mdx → /developers) and this everything else.
 */
export const docsPageSchema = z.strictObject({
  /** The page's heading, <title> and name in the navigation, llms.txt and search. */
  title: docsText,
  /** The meta description, and the line under the title in llms.txt and the .md copy. */
  description: docsText,
  /** Where the page sits in the navigation, llms.txt and search: lower first. */
  order: z.int(),
  /** A shorter name for the navigation, when the title is long. */
  navLabel: z.optional(docsText),
  /** What the page's Open Graph card says (`ogCardSchema`, @growmail/contracts/content/schemas). */
  card: ogCardSchema,
});

/**
 * A changelog entry's frontmatter (content/changelog, one Markdown file each; the body says
 * what changed). The page /developers/changelog and its Atom feed list the entries newest
 * first; lib/docs/changelog.ts checks that the newest carries the document's version.
 */
export const changelogEntrySchema = z.strictObject({
  /** The entry's heading on the page and its title in the feed. */
  title: docsText,
  /** The day the change was published, as a quoted date such as "2026-11-21". */
  date: z.iso.date('must be a date like 2026-11-21'),
  /** The OpenAPI document's `info.version` once the change was made. */
  version: z.string().check(z.regex(/^\d+\.\d+\.\d+$/, 'must be a version like 1.0.0')),
  /** Whether a client written before the change must change to keep working. */
  breaking: z.boolean(),
  /** The operationIds of content/openapi.yaml the change touches; none for a change to the docs alone. */
  operations: z.array(
    z.enum(operationIds as [string, ...string[]], {
      error: `must be an operationId of openapi.yaml: ${operationIds.join(', ')}`,
    }),
  ),
});
