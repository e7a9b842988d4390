import { CalculatorPanel } from '@/components/calculator/calculator-panel';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Savings calculator',
  description: 'Estimate how much you could save each year by moving your messaging to Growmail.',
  path: '/calculator/calculate',
});

/** The bare calculator (D7): no site shell, for embedding and direct links. */
export default function Page() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">Estimate your savings</h1>
      <p className="mt-2 text-ink-700">See how much you could save each year by moving your messaging to Growmail.</p>
      <div className="mt-6">
        <CalculatorPanel />
      </div>
    </div>
  );
}
