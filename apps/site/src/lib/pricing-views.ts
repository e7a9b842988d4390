import { billingPeriods, contactBrackets, currencies, pricingQueryKeys } from '@growmail/contracts/pricing';
import { pricingViewPath, pricingViewsDir } from '@growmail/contracts/routes';
import { builtCatalogue } from './catalogue';

/**
 * The places that show the pricing section. Each is rendered again for every choice of
 * currency, period and bracket (src/pages/pricing-views), and the server splices the one a
 * query asks for into the page (D30).
 */
export const pricingPlacements = {
  home: { cardHeading: 'h3', action: '/#pricing' },
  pricing: { cardHeading: 'h2', action: '/pricing' },
} as const;

export type PricingPlacement = keyof typeof pricingPlacements;

/** Every view the build writes: 4 currencies × 2 periods × 8 brackets for each placement. */
export function pricingViews() {
  const brackets = contactBrackets(builtCatalogue);
  return (Object.keys(pricingPlacements) as PricingPlacement[]).flatMap((placement) =>
    currencies.flatMap(({ value: currency }) =>
      billingPeriods.flatMap(({ value: period }) =>
        brackets.map((bracket) => {
          const path = pricingViewPath(placement, { currency, period, bracketId: bracket.id });
          return {
            // The route's rest parameter: the path inside the views' folder, without '.html'.
            view: path.slice(pricingViewsDir.length + 1, -'.html'.length),
            placement,
            search: `?${new URLSearchParams({
              [pricingQueryKeys.currency]: currency,
              [pricingQueryKeys.period]: period,
              [pricingQueryKeys.bracket]: bracket.id,
            })}`,
          };
        }),
      ),
    ),
  );
}
