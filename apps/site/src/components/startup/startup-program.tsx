import type { Language } from '@growmail/contracts/language';
import { dollarsInFrancs, francsInFrench } from '@growmail/contracts/dollar-rate';
import { CheckList } from '@/components/ui/check-list';

const tools: Record<Language, readonly string[]> = {
  en: [
    'Multi-channel campaign messaging',
    'Marketing automations',
    'Unlimited transactional emails',
    'Advanced customer segmentation',
    'Application analytics',
  ],
  fr: [
    'Campagnes multicanales',
    'Automatisation marketing',
    'Emails transactionnels illimités',
    'Segmentation avancée de vos clients',
    'Analytique d’application',
  ],
};

const eligibility: Record<Language, readonly string[]> = {
  en: [
    'Between 10K and 100K users',
    'Less than 5 years old',
    'Bootstrapped, or raised under $500,000',
    'A user-based application',
  ],
  fr: [
    'Entre 10\u202f000 et 100\u202f000 utilisateurs de votre application',
    'Moins de 5 ans d’existence',
    `Autofinancement ou levée de fonds inférieure à 500\u202f000 dollars US (environ ${francsInFrench(dollarsInFrancs(500_000))})`,
    'Une application en service, avec ses propres utilisateurs',
  ],
};

/** The startup program's tools and eligibility rules (spec "Screens and routes", "Business constants"). */
export function StartupProgram({ language = 'en' }: { language?: Language | undefined }) {
  const fr = language === 'fr';
  return (
    <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
      <div>
        <h2 className="text-xl font-semibold text-ink-900">{fr ? 'Ce que comprend le programme' : 'What you get'}</h2>
        <CheckList items={tools[language]} className="mt-4 flex flex-col gap-3 text-ink-700" />
      </div>
      <div>
        <h2 className="text-xl font-semibold text-ink-900">
          {fr ? 'Conditions d’accès au programme' : 'Who can apply'}
        </h2>
        <CheckList items={eligibility[language]} className="mt-4 flex flex-col gap-3 text-ink-700" />
      </div>
    </div>
  );
}
