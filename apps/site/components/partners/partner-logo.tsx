import type { Partner } from '@/lib/content/partners';

/**
 * One partner's logo. A plain <img>: the export serves images as they are, and next/image
 * would add client JavaScript for nothing. The height is fixed, so nothing shifts as it loads, and
 * lazy loading keeps React from preloading all twelve ahead of what the visitor sees first.
 */
export function PartnerLogo({ partner }: { partner: Partner }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- static SVG, see above
    <img
      loading="lazy"
      decoding="async"
      src={partner.logo}
      alt={partner.name}
      height={32}
      width={200}
      className="h-7 w-auto max-w-full md:h-8"
    />
  );
}
