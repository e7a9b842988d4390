import type { Language } from '@growmail/contracts/language';
import type { ReactNode } from 'react';

/**
 * The pricing section (D9), on home at #pricing and on /pricing. Its plans are an island the
 * route shell places (`PricingPlans`): prerendered from the catalogue at build and refreshed
 * from the modules service in the browser.
 */
export function PricingSection({
  headingLevel = 'h2',
  children,
  language = 'en',
}: {
  headingLevel?: 'h1' | 'h2';
  children: ReactNode;
  language?: Language;
}) {
  const fr = language === 'fr';
  const Heading = headingLevel;
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-24 bg-ink-50">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
        <Heading id="pricing-title" className="text-3xl font-bold text-ink-900 md:text-4xl">
          {fr ? 'Tarifs' : 'Pricing'}
        </Heading>
        <p className="mt-3 max-w-2xl text-ink-700">
          {fr
            ? 'Démarrez gratuitement avec 1\u202f000 crédits. Payez à l’envoi avec Flex, passez à l’abonnement quand vos envois se multiplient ou parlez-nous de l’offre Enterprise.'
            : 'Start free with 1,000 credits. Pay per email with Flex, grow with a subscription, or talk to us about Enterprise.'}
        </p>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
