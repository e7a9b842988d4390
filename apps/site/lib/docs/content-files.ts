import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The docs' source folder: apps/site/content, whether the build (cwd apps/site) or a test (repo root) reads it. */
const contentDir = existsSync(join(process.cwd(), 'content', 'openapi.yaml'))
  ? join(process.cwd(), 'content')
  : join(process.cwd(), 'apps', 'site', 'content');

export const readContent = (file: string) => readFileSync(join(contentDir, file), 'utf8');
