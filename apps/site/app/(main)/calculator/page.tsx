import { CalculatorPanel } from '@/components/calculator/calculator-panel';
import { HowWeEstimate } from '@/components/calculator/how-we-estimate';
import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Savings calculator',
  description: 'Estimate how much you could save each year by moving your messaging to Growmail.',
  path: '/calculator',
});

export default function Page() {
  return (
    <>
      <PageIntro title="Savings calculator">
        Estimate how much you could save each year by moving your messaging to Growmail.
      </PageIntro>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-20 lg:grid-cols-[3fr_2fr] lg:px-8">
        <CalculatorPanel />
        <HowWeEstimate />
      </div>
    </>
  );
}
