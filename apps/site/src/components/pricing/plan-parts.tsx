import type { Language } from '@growmail/contracts/language';
import { GetStartedLink } from '@/components/get-started-link';
import { appLinks } from '@/lib/runtime';
import { FeatureList } from './feature-list';

/**
 * The parts of the Flex and Growth cards that no choice changes: their features and their
 * 'Get Started free' links. They are rendered on the server and passed to the plans island
 * as slots (src/components/Pricing.astro), so the island's script carries only what changes.
 */
const features = {
  en: {
    flex: ['1 credit per email sent', '3 seats', 'Email campaigns and newsletters', 'Resend to non-openers'],
    growth: [
      'Engage, convert and retain up to 50K users',
      '5 seats',
      '10X campaigns a month',
      'API contact synchronization',
    ],
  },
  fr: {
    flex: ['1 crédit par email envoyé', '3 utilisateurs', 'Campagnes email et newsletters', 'Relance des non-ouvreurs'],
    growth: [
      'Touchez, convertissez et fidélisez jusqu’à 50\u202f000 utilisateurs',
      '5 utilisateurs',
      '10 fois plus de campagnes par mois qu’avec Flex',
      'Synchronisation des contacts par API',
    ],
  },
} as const satisfies Record<Language, Record<'flex' | 'growth', readonly string[]>>;

type Plan = keyof (typeof features)['en'];

export function PlanFeatures({ plan, language = 'en' }: { plan: Plan; language?: Language | undefined }) {
  return <FeatureList items={features[language][plan]} />;
}

export function PlanSignUp({ plan, language = 'en' }: { plan: Plan; language?: Language | undefined }) {
  return (
    <GetStartedLink
      registerBase={appLinks.register}
      location={`pricing-${plan}`}
      className={`${plan === 'growth' ? 'button-primary' : 'button-secondary'} w-full`}
    >
      {language === 'fr' ? 'Commencer gratuitement' : 'Get Started free'}
    </GetStartedLink>
  );
}
