import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { NewsletterBox } from '@/components/newsletter/newsletter-box';

/** The main site shell: header, the page, footer. */
export default function MainLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter newsletter={<NewsletterBox />} />
    </>
  );
}
