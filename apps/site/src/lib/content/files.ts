import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * The site's content folder, apps/site/src/content (docs, products, the OpenAPI document), whether
 * the build (cwd apps/site) or a test (repo root) reads it.
 */
const contentDir = existsSync(join(process.cwd(), 'src', 'content', 'openapi.yaml'))
  ? join(process.cwd(), 'src', 'content')
  : join(process.cwd(), 'apps', 'site', 'src', 'content');

export const readContent = (file: string) => readFileSync(join(contentDir, file), 'utf8');

/** The files under a folder of content with an extension, as paths inside it (reference/contacts.mdx). */
export const listContent = (folder: string, extension: string) =>
  readdirSync(join(contentDir, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(extension))
    .map((file) => file.split(sep).join('/'))
    .sort();
