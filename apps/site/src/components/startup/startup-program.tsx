import { CheckList } from '@/components/ui/check-list';

const tools = [
  'Multi-channel campaign messaging',
  'Marketing automations',
  'Unlimited transactional emails',
  'Advanced customer segmentation',
  'Application analytics',
];

const eligibility = [
  'Between 10K and 100K users',
  'Less than 5 years old',
  'Bootstrapped, or raised under $500,000',
  'A user-based application',
];

/** The startup program's tools and eligibility rules (spec "Screens and routes", "Business constants"). */
export function StartupProgram() {
  return (
    <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
      <div>
        <h2 className="text-xl font-semibold text-ink-900">What you get</h2>
        <CheckList items={tools} className="mt-4 flex flex-col gap-3 text-ink-700" />
      </div>
      <div>
        <h2 className="text-xl font-semibold text-ink-900">Who can apply</h2>
        <CheckList items={eligibility} className="mt-4 flex flex-col gap-3 text-ink-700" />
      </div>
    </div>
  );
}
