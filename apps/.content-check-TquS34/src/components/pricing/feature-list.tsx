import { CheckList } from '@/components/ui/check-list';

/**
 * A plan's features, drawn on the server (plan-parts, the enterprise card). Kept out of plan-card,
 * which the pricing island imports: a module the island reaches is loaded with it, and the check
 * list's chunk cost every pricing page 354 bytes of script it never ran.
 */
export function FeatureList({ items }: { items: readonly string[] }) {
  return <CheckList items={items} className="space-y-2 text-sm text-ink-700" />;
}
