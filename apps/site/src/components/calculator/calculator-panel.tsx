import type { ReactNode } from 'react';
import { PageIntro } from '@/components/page-intro';
import { HowWeEstimate } from './how-we-estimate';

const title = 'Savings calculator';
const lead = 'Estimate how much you could save each year by moving your messaging to Growmail.';

/** The calculator's card; the calculator itself is an island the route shell places. */
function CalculatorCard({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-ink-100 bg-white p-6 shadow-sm md:p-8">{children}</div>;
}

/** /calculator: the calculator in the site shell, with how the estimate is reached beside it. */
export function CalculatorPage({ children }: { children: ReactNode }) {
  return (
    <>
      <PageIntro title={title}>{lead}</PageIntro>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-20 lg:grid-cols-[3fr_2fr] lg:px-8">
        <CalculatorCard>{children}</CalculatorCard>
        <HowWeEstimate />
      </div>
    </>
  );
}

/** /calculator/calculate (D7): the calculator alone, for embedding and direct links. */
export function BareCalculatorPage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">Estimate your savings</h1>
      <p className="mt-2 text-ink-700">See how much you could save each year by moving your messaging to Growmail.</p>
      <div className="mt-6">
        <CalculatorCard>{children}</CalculatorCard>
      </div>
    </div>
  );
}

export const calculatorMeta = { title, description: lead };
