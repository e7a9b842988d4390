import type { Language } from '@growmail/contracts/language';
import { ChevronDown } from 'lucide-react';
import { Markdown } from '@/components/markdown';
import { PageSection } from '@/components/page-section';

/**
 * Frequently asked questions as native disclosures: each <details> opens and closes with
 * Enter or Space on its summary, with no script, and is announced as expanded or collapsed.
 * Each part of an answer is in the site's subset of Markdown (D45), so marketing can link or stress a word.
 */
export function FaqAccordion({
  faqs,
  language = 'en',
}: {
  faqs: readonly { question: string; answer: readonly string[] }[];
  language?: Language;
}) {
  return (
    <PageSection
      id="faq"
      className="scroll-mt-24 bg-ink-50"
      containerClassName="mx-auto max-w-3xl px-4 py-16 lg:py-24"
      title={language === 'fr' ? 'Questions fréquentes' : 'Frequently asked questions'}
      titleClassName="text-center text-3xl font-bold tracking-tight text-ink-900 md:text-4xl"
    >
      <div className="mt-10 divide-y divide-ink-100 rounded-2xl border border-ink-100 bg-white">
        {faqs.map((faq) => (
          <details key={faq.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-5 text-left text-lg font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
              {faq.question}
              <ChevronDown
                aria-hidden="true"
                className="h-5 w-5 shrink-0 text-ink-600 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              />
            </summary>
            <div className="space-y-3 px-6 pb-6 text-ink-700">
              {faq.answer.map((paragraph) => (
                <Markdown key={paragraph} text={paragraph} />
              ))}
            </div>
          </details>
        ))}
      </div>
    </PageSection>
  );
}
