import type { Language } from '@growmail/contracts/language';
import type { ReactNode } from 'react';

/** 'What our customers say': one of the testimonials, chosen at random on every load by the island in `children`. */
export function TestimonialsSection({ children, language = 'en' }: { children: ReactNode; language?: Language }) {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-24 bg-ink-50">
      <div className="mx-auto max-w-3xl px-4 py-16 lg:py-24">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold tracking-tight text-ink-900 md:text-4xl">
          {language === 'fr' ? 'Ce que disent nos clients' : 'What our customers say'}
        </h2>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** Without JavaScript nothing chooses, so the card the page carries shows. For the page's <head>: a style in <body> is invalid HTML. */
export function TestimonialsWithoutScript() {
  return (
    <noscript>
      <style>{'[data-testimonial-choice="-1"] > :first-child { visibility: visible; opacity: 1; }'}</style>
    </noscript>
  );
}
