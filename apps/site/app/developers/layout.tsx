import type { ReactNode } from 'react';
import { DocsHeader } from '@/components/layout/docs-header';

/** The docs: their own header; each page brings the navigation tree, its main content and its contents list. */
export default function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <DocsHeader />
      {children}
    </>
  );
}
