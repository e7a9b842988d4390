import type { Language } from '@growmail/contracts/language';
import type { ReactNode } from 'react';

/** The band of the home and product pages that holds the partner carousel (spec "Business constants"). */
export function PartnersSection({ children, language = 'en' }: { children: ReactNode; language?: Language }) {
  return (
    <section aria-labelledby="partners-title" className="border-y border-ink-100 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10 lg:px-8">
        <h2 id="partners-title" className="text-center text-sm font-semibold tracking-wide text-ink-600 uppercase">
          {language === 'fr' ? 'Ils nous font confiance' : 'Trusted by growing businesses'}
        </h2>
        {children}
      </div>
    </section>
  );
}
