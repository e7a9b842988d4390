/**
 * The pages that show the pricing section: the route, the cards' heading level, and where its
 * form goes without JavaScript (D30). Each is also built once per pricing choice (lib/choice-views.ts).
 */
export const pricingPlacements = {
  home: { route: '/', cardHeading: 'h3', action: '/#pricing' },
  pricing: { route: '/pricing', cardHeading: 'h2', action: '/pricing' },
} as const;

export type PricingPlacement = keyof typeof pricingPlacements;
