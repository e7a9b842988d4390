import type { Language } from '@growmail/contracts/language';
import { PageSection } from '@/components/page-section';
import { homeIn } from '@/lib/content/home';

/** Three steps from sign-up to first campaign (spec "Product"). */
export function OnboardingSection({ language = 'en' }: { language?: Language }) {
  return (
    <PageSection
      id="how-it-works"
      className="scroll-mt-24 bg-ink-50"
      containerClassName="mx-auto max-w-7xl px-4 py-16 lg:px-8 lg:py-24"
      title={language === 'fr' ? 'Lancez-vous en trois étapes' : 'Up and running in three steps'}
      titleClassName="text-center text-3xl font-bold tracking-tight text-ink-900 md:text-4xl"
    >
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {homeIn[language].onboarding.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-ink-100 bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-xl font-bold text-ink-900">{step.title}</h3>
            <p className="mt-2 text-ink-700">{step.description}</p>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}
