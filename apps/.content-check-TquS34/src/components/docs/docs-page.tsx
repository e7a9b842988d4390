import type { ReactNode } from 'react';
import { headingsOf, markdownPath, pageMarkdown } from '@/lib/docs/markdown';
import { docsPage, type DocsPath } from '@/lib/docs/pages';
import { DocsNav } from './docs-nav';
import { TableOfContents } from './table-of-contents';

/** A docs page: the navigation tree, the page's MDX content (`children`, rendered at build), its table of contents. */
export function DocsPage({ path, children }: { path: DocsPath; children: ReactNode }) {
  const page = docsPage(path);
  const headings = headingsOf(pageMarkdown(path));
  return (
    <div className="mx-auto w-full max-w-7xl px-4 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10 lg:px-8 xl:grid-cols-[14rem_minmax(0,1fr)_12rem]">
      <DocsNav currentPath={path} />
      <main id="main" tabIndex={-1} className="min-w-0 py-8 focus:outline-none lg:py-10">
        <article className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-ink-900 lg:text-4xl">{page.title}</h1>
          <p className="mt-3 text-lg text-ink-700">{page.description}</p>
          <TableOfContents headings={headings} variant="inline" />
          {children}
          <p className="mt-12 border-t border-ink-100 pt-6 text-sm text-ink-700">
            This page as markdown, for tools and language models:{' '}
            <a href={markdownPath(path)} className="font-medium text-brand-800 underline underline-offset-4">
              {markdownPath(path)}
            </a>
          </p>
        </article>
      </main>
      <TableOfContents headings={headings} variant="aside" />
    </div>
  );
}
