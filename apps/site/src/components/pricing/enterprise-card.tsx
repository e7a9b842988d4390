import { appLinks } from '@/lib/runtime';
import { FeatureList, PlanCard, type CardHeading } from './plan-card';

const enterpriseFeatures = [
  'Unlimited seats',
  'A dedicated account manager',
  'Dedicated transactional email servers',
  '90-day log retention',
  'Phone support',
];

/** The Enterprise plan: no prices to choose, so it is static and passed to the plans island. */
export function EnterpriseCard({ heading }: { heading: CardHeading }) {
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
