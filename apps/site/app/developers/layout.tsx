import type { ReactNode } from 'react';
import { DocsHeader } from '@/components/layout/docs-header';
import { highlightCss } from '@/lib/docs/highlight';

/** The docs: their own header; each page brings the navigation tree, its main content and its contents list. */
export default async function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <style>{await highlightCss()}</style>
      <DocsHeader />
      {children}
    </>
  );
}
