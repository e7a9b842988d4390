import type { Language } from '@growmail/contracts/language';
import type { ReactNode } from 'react';
import { PageIntro } from '@/components/page-intro';
import { HowWeEstimate } from './how-we-estimate';

const words = {
  en: {
    title: 'Savings calculator',
    lead: 'Estimate how much you could save each year by moving your messaging to Growmail.',
    bareTitle: 'Estimate your savings',
    bareLead: 'See how much you could save each year by moving your messaging to Growmail.',
  },
  fr: {
    title: 'Calculateur d’économies',
    lead: 'Estimez ce que vous pourriez économiser chaque année en confiant vos messages à Growmail.',
    bareTitle: 'Estimez vos économies',
    bareLead: 'Estimez ce que vous économiseriez chaque année en confiant vos messages à Growmail.',
  },
} satisfies Record<Language, Record<string, string>>;

type PanelProps = { children: ReactNode; language?: Language | undefined };

/** The calculator's card; the calculator itself is an island the route shell places. */
function CalculatorCard({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-ink-100 bg-white p-6 shadow-sm md:p-8">{children}</div>;
}

/** /calculator: the calculator in the site shell, with how the estimate is reached beside it. */
export function CalculatorPage({ children, language = 'en' }: PanelProps) {
  const text = words[language];
  return (
    <>
      <PageIntro title={text.title}>{text.lead}</PageIntro>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-20 lg:grid-cols-[3fr_2fr] lg:px-8">
        <CalculatorCard>{children}</CalculatorCard>
        <HowWeEstimate language={language} />
      </div>
    </>
  );
}

/** /calculator/calculate (D7): the calculator alone, for embedding and direct links. */
export function BareCalculatorPage({ children, language = 'en' }: PanelProps) {
  const text = words[language];
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">{text.bareTitle}</h1>
      <p className="mt-2 text-ink-700">{text.bareLead}</p>
      <div className="mt-6">
        <CalculatorCard>{children}</CalculatorCard>
      </div>
    </div>
  );
}

/** The calculator pages' title and description in each language. */
export const calculatorMeta: Record<Language, { title: string; description: string }> = {
  en: { title: words.en.title, description: words.en.lead },
  fr: { title: words.fr.title, description: words.fr.lead },
};
