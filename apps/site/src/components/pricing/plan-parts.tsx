import { GetStartedLink } from '@/components/get-started-link';
import { appLinks } from '@/lib/runtime';
import { FeatureList } from './plan-card';

/**
 * The parts of the Flex and Growth cards that no choice changes: their features and their
 * 'Get Started free' links. They are rendered on the server and passed to the plans island
 * as slots (src/components/Pricing.astro), so the island's script carries only what changes.
 */
const features = {
  flex: ['1 credit per email sent', '3 seats', 'Email campaigns and newsletters', 'Resend to non-openers'],
  growth: [
    'Engage, convert and retain up to 50K users',
    '5 seats',
    '10X campaigns a month',
    'API contact synchronization',
  ],
} as const;

type Plan = keyof typeof features;

export function PlanFeatures({ plan }: { plan: Plan }) {
  return <FeatureList items={features[plan]} />;
}

export function PlanSignUp({ plan }: { plan: Plan }) {
  return (
    <GetStartedLink
      registerBase={appLinks.register}
      location={`pricing-${plan}`}
      className={`${plan === 'growth' ? 'button-primary' : 'button-secondary'} w-full`}
    >
      Get Started free
    </GetStartedLink>
  );
}
