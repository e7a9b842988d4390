import { CheckList } from '@/components/ui/check-list';

const benefits = [
  'A walk-through of campaigns, automations and transactional email built around your business',
  'An honest look at your current setup and what moving to Growmail would save',
  'A plan to move your contacts and templates across without losing a send',
  'Answers on deliverability: how we keep 99.9% of your email landing in the inbox',
];

/** What a visitor gets from the demo (spec "Screens and routes", demo page benefit list). */
export function DemoBenefits() {
  return (
    <div>
      <h2 className="text-xl font-semibold text-ink-900">In 30 minutes you will get</h2>
      <CheckList items={benefits} className="mt-4 flex flex-col gap-3 text-ink-700" />
    </div>
  );
}
