import type { Language } from '@growmail/contracts/language';
import { demoLink } from '@/lib/runtime';
import { FeatureList } from './feature-list';
import { PlanCard, type CardHeading } from './plan-card';

const words = {
  en: {
    pitch: 'For high volumes and teams that need dedicated infrastructure and people.',
    sales: 'Contact sales',
    tailored: 'Tailored to your volume',
    custom: 'Custom',
    quote: 'A quote for your needs',
  },
  fr: {
    pitch: 'Pour les gros volumes et les équipes qui veulent une infrastructure et des interlocuteurs dédiés.',
    sales: 'Nous contacter',
    tailored: 'Adapté à votre volume',
    custom: 'Sur devis',
    quote: 'Un devis selon vos besoins',
  },
} satisfies Record<Language, Record<string, string>>;

const enterpriseFeaturesFr = [
  'Utilisateurs illimités',
  'Un responsable de compte dédié',
  'Serveurs dédiés pour les emails transactionnels',
  'Journal d’envoi conservé 90 jours',
  'Assistance par téléphone',
];

const enterpriseFeatures = [
  'Unlimited seats',
  'A dedicated account manager',
  'Dedicated transactional email servers',
  '90-day log retention',
  'Phone support',
];

/** The Enterprise plan: no prices to choose, so it is static and passed to the plans island. */
export function EnterpriseCard({
  heading,
  language = 'en',
}: {
  heading: CardHeading;
  language?: Language | undefined;
}) {
  const text = words[language];
  return (
    <PlanCard
      id="enterprise"
      name="Enterprise"
      heading={heading}
      pitch={text.pitch}
      action={
        <a href={demoLink(language)} className="button-secondary w-full">
          {text.sales}
        </a>
      }
    >
      <div>
        <p className="text-sm font-medium text-ink-700">{text.tailored}</p>
        <p className="h-6" />
        <p data-testid="price" className="text-3xl font-bold text-ink-900 md:text-4xl">
          {text.custom}
        </p>
        <p className="h-5 text-sm text-ink-700">{text.quote}</p>
      </div>
      <div className="mt-6">
        <FeatureList items={language === 'fr' ? enterpriseFeaturesFr : enterpriseFeatures} />
      </div>
    </PlanCard>
  );
}
