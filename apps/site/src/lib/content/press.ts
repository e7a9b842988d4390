import { pressSchema } from './schemas';
import { validContent } from './validate';

/** Sample press items (D2) for 'In The News.': fictional publications; links come from here. */
export const press = validContent('press.ts', pressSchema, [
  {
    publication: 'Commerce Weekly',
    headline: 'Why retailers are betting on the customers they already have',
    summary:
      'Growmail’s retention-first approach to email and automation, and the shops using it to grow repeat sales.',
    date: '2026-09-18',
    href: 'https://commerce-weekly.example.com/retention-first-email',
    image: '/press/commerce-weekly.svg',
  },
  {
    publication: 'The Ledger Review',
    headline: 'One platform for every message a customer receives',
    summary:
      'How bringing campaigns, transactional email and analytics together cuts cost and confusion for growing teams.',
    date: '2026-07-02',
    href: 'https://ledger-review.example.com/one-platform-messaging',
    image: '/press/the-ledger-review.svg',
  },
  {
    publication: 'Startup Dispatch',
    headline: 'A growth toolkit priced for early-stage teams',
    summary: 'Growmail’s startup program offers up to 70% off enterprise-grade messaging tools to young companies.',
    date: '2026-04-21',
    href: 'https://startup-dispatch.example.com/growmail-startup-program',
    image: '/press/startup-dispatch.svg',
  },
]);
