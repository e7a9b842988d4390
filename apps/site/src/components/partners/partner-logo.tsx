import { inSprite, partnerSpritePath, partnerSymbolId } from '@/lib/content/partner-sprite';
import type { Partner } from '@growmail/contracts/content/schemas';

/**
 * One partner's logo, its size set so nothing shifts as it loads. An SVG logo is drawn from the
 * sprite of all logos (lib/content/partner-sprite.ts): one document for every logo on the page,
 * where an <img> per logo cost a document each. A raster logo is a plain <img>, low priority.
 */
export function PartnerLogo({ partner }: { partner: Partner }) {
  const className = 'h-auto max-h-7 w-auto max-w-full md:max-h-8';
  if (!inSprite(partner))
    return (
      <img
        fetchPriority="low"
        decoding="async"
        src={partner.logo}
        alt={partner.name}
        height={32}
        width={partner.width}
        className={className}
      />
    );
  return (
    <svg
      role="img"
      aria-label={partner.name}
      viewBox={`0 0 ${partner.width} 32`}
      width={partner.width}
      height={32}
      className={className}
    >
      <use href={`${partnerSpritePath}#${partnerSymbolId(partner)}`} />
    </svg>
  );
}
