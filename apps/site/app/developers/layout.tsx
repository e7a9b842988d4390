import type { ReactNode } from 'react';
import { DocsHeader } from '@/components/layout/docs-header';

export default function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <DocsHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </>
  );
}
