import { builtCatalogue } from '@/lib/catalogue';
import { appLinks, runtime } from '@/lib/runtime';
import { FeatureList, PlanCard, type CardHeading } from './plan-card';
import { PricingPlans } from './pricing-plans';

const enterpriseFeatures = [
  'Unlimited seats',
  'A dedicated account manager',
  'Dedicated transactional email servers',
  '90-day log retention',
  'Phone support',
];

function EnterpriseCard({ heading }: { heading: CardHeading }) {
  return (
    <PlanCard
      id="enterprise"
      name="Enterprise"
      heading={heading}
      pitch="For high volumes and teams that need dedicated infrastructure and people."
      action={
        <a href={appLinks.demo} className="button-secondary w-full">
          Contact sales
        </a>
      }
    >
      <div>
        <p className="text-sm font-medium text-ink-700">Tailored to your volume</p>
        <p className="h-6" />
        <p data-testid="price" className="text-3xl font-bold text-ink-900 md:text-4xl">
          Custom
        </p>
        <p className="h-5 text-sm text-ink-700">A quote for your needs</p>
      </div>
      <div className="mt-6">
        <FeatureList items={enterpriseFeatures} />
      </div>
    </PlanCard>
  );
}

/**
 * The pricing section (D9), on home at #pricing and on /pricing. Prices are prerendered from
 * the catalogue at build and refreshed from the modules service in the browser.
 */
export function PricingSection({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const Heading = headingLevel;
  const cardHeading = headingLevel === 'h1' ? 'h2' : 'h3';
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-24 bg-ink-50">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
        <Heading id="pricing-title" className="text-3xl font-bold text-ink-900 md:text-4xl">
          Pricing
        </Heading>
        <p className="mt-3 max-w-2xl text-ink-700">
          Start free with 1,000 credits. Pay per email with Flex, grow with a subscription, or talk to us about
          Enterprise.
        </p>
        <div className="mt-8">
          <PricingPlans
            builtCatalogue={builtCatalogue}
            modulesUrl={runtime.urls.modules}
            registerBase={appLinks.register}
            cardHeading={cardHeading}
            enterprise={<EnterpriseCard heading={cardHeading} />}
          />
        </div>
      </div>
    </section>
  );
}
