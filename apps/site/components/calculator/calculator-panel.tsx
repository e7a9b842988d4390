import { appLinks, runtime } from '@/lib/runtime';
import { SavingsCalculator } from './savings-calculator';

/** The calculator in its card, with the service bases it needs read here on the server (D21). */
export function CalculatorPanel() {
  return (
    <div className="rounded-2xl border border-ink-100 bg-white p-6 shadow-sm md:p-8">
      <SavingsCalculator salesUrl={runtime.urls.sales} usersUrl={runtime.urls.users} demoUrl={appLinks.demo} />
    </div>
  );
}
