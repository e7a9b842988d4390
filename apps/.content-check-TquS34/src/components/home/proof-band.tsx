import type { Language } from '@growmail/contracts/language';
import { PageSection } from '@/components/page-section';
import { homeIn } from '@/lib/content/home';

/** The headline numbers (D3, D4). */
export function ProofBand({ language = 'en' }: { language?: Language }) {
  return (
    <PageSection
      id="proof"
      className="scroll-mt-24 bg-ink-900"
      containerClassName="mx-auto max-w-7xl px-4 py-14 lg:px-8"
      title={language === 'fr' ? 'Growmail en chiffres' : 'Growmail in numbers'}
      titleClassName="sr-only"
    >
      <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
        {homeIn[language].proof.map((fact) => (
          <div key={fact.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm text-ink-100 md:text-base">{fact.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-white md:text-4xl">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </PageSection>
  );
}
