import { ComparisonTable } from '@/components/pricing/comparison-table';
import { PricingSection } from '@/components/pricing/pricing-section';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Pricing',
  description:
    'Simple plans for every stage: pay per email with Flex, grow with a subscription, or talk to us about Enterprise.',
  path: '/pricing',
});

export default function Page() {
  return (
    <>
      <PricingSection headingLevel="h1" />
      <ComparisonTable />
    </>
  );
}
