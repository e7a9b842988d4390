import { CircleCheck } from 'lucide-react';

const benefits = [
  'A walk-through of campaigns, automations and transactional email built around your business',
  'An honest look at your current setup and what moving to Growmail would save',
  'A plan to move your contacts and templates across without losing a send',
  'Answers on deliverability: how we keep 99.9% of your email landing in the inbox',
];

/** What a visitor gets from the demo (spec §2, demo page benefit list). */
export function DemoBenefits() {
  return (
    <div>
      <h2 className="text-xl font-semibold text-ink-900">In 30 minutes you will get</h2>
      <ul className="mt-4 flex flex-col gap-3">
        {benefits.map((benefit) => (
          <li key={benefit} className="flex gap-3 text-ink-700">
            <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            {benefit}
          </li>
        ))}
      </ul>
    </div>
  );
}
