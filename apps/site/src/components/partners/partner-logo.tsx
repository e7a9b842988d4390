import type { Partner } from '@/lib/content/schemas';

/**
 * One partner's logo. A plain <img>: the build serves images as they are, and an image component
 * would add client JavaScript for nothing. Its size is set, so nothing shifts as it loads. Low
 * priority rather than lazy: all twelve are fetched (none pops in mid-slide), after what matters
 * more, and React does not preload them ahead of the page's own resources.
 */
export function PartnerLogo({ partner }: { partner: Partner }) {
  return (
    <img
      fetchPriority="low"
      decoding="async"
      src={partner.logo}
      alt={partner.name}
      height={32}
      width={partner.width}
      className="h-auto max-h-7 w-auto max-w-full md:max-h-8"
    />
  );
}
