import type { ProductSlug } from '@growmail/contracts/routes';
import { ChartNoAxesCombined, Megaphone, Send, Workflow, type LucideProps } from 'lucide-react';

const icons = {
  campaign: Megaphone,
  automations: Workflow,
  transactionals: Send,
  analytics: ChartNoAxesCombined,
} satisfies Record<ProductSlug, unknown>;

export function ProductIcon({ slug, ...props }: { slug: ProductSlug } & LucideProps) {
  const Icon = icons[slug];
  return <Icon aria-hidden="true" focusable="false" {...props} />;
}
