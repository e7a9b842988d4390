import { productPath, type ProductSlug } from '@growmail/contracts/routes';

export type Product = {
  slug: ProductSlug;
  href: string;
  title: string;
  description: string;
};

/** The four products, in the order the navigation lists them (spec "Screens and routes"). */
export const products: readonly Product[] = [
  {
    slug: 'campaign',
    href: productPath('campaign'),
    title: 'Broadcast Messaging',
    description: 'Design and send email campaigns that land in the inbox.',
  },
  {
    slug: 'automations',
    href: productPath('automations'),
    title: 'Marketing Automation',
    description: 'Build journeys that react to what each customer does.',
  },
  {
    slug: 'transactionals',
    href: productPath('transactionals'),
    title: 'Transactional Emails',
    description: 'Receipts, resets and alerts delivered in seconds, without limits.',
  },
  {
    slug: 'analytics',
    href: productPath('analytics'),
    title: 'App Analytics',
    description: 'See how customers use your app and website, event by event.',
  },
];
