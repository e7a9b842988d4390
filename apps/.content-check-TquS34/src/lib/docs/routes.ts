import { pageMarkdown } from './markdown';
import type { DocsPath } from './pages';

/** The markdown copy of a docs page, served next to it as `<page>.md` (llms.txt links them). */
export const markdownResponse = (path: DocsPath) =>
  new Response(pageMarkdown(path), { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
