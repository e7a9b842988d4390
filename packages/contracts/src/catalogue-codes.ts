/**
 * The codes the catalogue's schema (catalogue.ts) and the pricing rules (pricing.ts) share. A
 * module of its own, free of zod, so both can import it without importing each other.
 */

/**
 * Currency codes of spec "Entities", then the CFA francs of D38 (XOF for the WAEMU, XAF for the
 * CEMAC), in the order the selector offers them.
 */
export const currencyCodes = ['NGN', 'USD', 'KES', 'GHS', 'XOF', 'XAF'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

/** The campaign module's pricing list gives the contact brackets (D10); it is always part of Growth. */
export const campaignModuleCode = 'campaign';
