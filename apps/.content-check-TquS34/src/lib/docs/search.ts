import type { SearchDocument } from '@growmail/contracts/developer-docs';
import { pageMarkdown } from './markdown';
import { docsPages } from './pages';
import { slug } from './slug';

export function searchDocuments(): SearchDocument[] {
  return docsPages.flatMap((page) => {
    const [intro = '', ...sections] = pageMarkdown(page.path).split(/^## /m);
    const introText = plain(intro.replace(/^# .*$/m, ''));
    return [
      { id: page.path, url: page.path, page: page.title, heading: page.title, text: introText },
      ...sections.map((section) => {
        const [heading = '', ...rest] = section.split('\n');
        return {
          id: `${page.path}#${slug(heading)}`,
          url: `${page.path}#${slug(heading)}`,
          page: page.title,
          heading: heading.replace(/`/g, ''),
          text: plain(rest.join('\n')),
        };
      }),
    ];
  });
}

/** Markdown to searchable words: code blocks and table rules dropped, marks removed. */
function plain(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^\|?\s*-{3}.*$/gm, ' ')
    .replace(/[|>#*`]/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
