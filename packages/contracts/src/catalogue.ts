import * as z from 'zod/mini';
import { campaignModuleCode, currencyCodes } from './catalogue-codes.ts';

/**
 * The catalogue (D13): modules with their contact brackets, tiers, prices and discounts, and
 * the Flex volume rate table. It is data (apps/site/src/content/catalogue.json, where an admin's
 * prices are published from the console, D45), checked by this schema when the site builds, when
 * a server loads a version, and in the browser when the modules call answers. Written with zod/mini so the browser carries a few KB, not classic zod.
 */

const count = z.int().check(z.nonnegative());
const amount = z.number().check(z.nonnegative(), z.maximum(1e12));
const percentage = z.number().check(z.minimum(0), z.maximum(100));
const currency = z.enum(currencyCodes);

/** { min, max } where max null means "and above". */
const range = z
  .object({ min: count, max: z.nullable(count) })
  .check(z.refine((value) => value.max === null || value.max >= value.min, 'max must not be below min'));

/** Every currency exactly once, so no card is ever missing a price. */
const prices = z
  .array(z.object({ currency, amount }))
  .check(
    z.refine(
      (list) => currencyCodes.every((code) => list.filter((price) => price.currency === code).length === 1),
      `prices must list each of ${currencyCodes.join(', ')} once`,
    ),
  );

/** A pricing entry of spec "Entities": its contact bracket, its ceiling (`contact_bracket.max`), prices and discounts. */
export const pricingEntrySchema = z.object({
  _id: z.string().check(z.minLength(1), z.maxLength(64)),
  contact_bracket: range,
  prices,
  discounts: z.object({ month: z.object({ value: percentage }), year: z.object({ value: percentage }) }),
});

const ascending = (ranges: ReadonlyArray<{ min: number; max: number | null }>) =>
  ranges.every((current, index) => {
    const next = ranges[index + 1];
    return !next || (current.max !== null && next.min > current.max);
  });

export const catalogueModuleSchema = z.object({
  code: z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,31}$/)),
  name: z.string().check(z.minLength(1), z.maxLength(60)),
  /** What the module adds to the Growth plan (spec "Business constants"). */
  features: z.array(z.string().check(z.minLength(1), z.maxLength(80))),
  pricing: z.array(pricingEntrySchema).check(
    z.minLength(1),
    z.refine(
      (entries) => ascending(entries.map((entry) => entry.contact_bracket)),
      'pricing must run in ascending, non-overlapping contact brackets',
    ),
  ),
});

const rates = z.object({ NGN: amount, USD: amount, KES: amount, GHS: amount, XOF: amount, XAF: amount });

/** A volume tier of spec "Business constants"; `suspect` flags rates kept exactly as the spec gives them but out of pattern (D11). */
export const rateTierSchema = z.object({
  min: count,
  max: z.nullable(count),
  rates,
  suspect: z.optional(z.partialRecord(currency, z.string())),
});

export const rateTableSchema = z.object({
  tiers: z.array(rateTierSchema).check(
    z.minLength(1),
    z.refine(
      (tiers) =>
        tiers[0]?.min === 0 &&
        tiers.every((tier, index) => {
          const next = tiers[index + 1];
          return next ? tier.max !== null && next.min === tier.max + 1 : tier.max === null;
        }),
      'rate tiers must start at 0, follow each other without gaps, and end open-ended',
    ),
  ),
});

export const catalogueSchema = z.object({
  modules: z.array(catalogueModuleSchema).check(
    z.refine(
      (modules) => modules.some((module) => module.code === campaignModuleCode),
      `modules must include '${campaignModuleCode}'`,
    ),
    z.refine(
      (modules) => new Set(modules.map((module) => module.code)).size === modules.length,
      'module codes must be unique',
    ),
  ),
  rates: rateTableSchema,
});

export type PricingEntry = z.infer<typeof pricingEntrySchema>;
export type CatalogueModule = z.infer<typeof catalogueModuleSchema>;
export type RateTable = z.infer<typeof rateTableSchema>;
export type Catalogue = z.infer<typeof catalogueSchema>;

/**
 * `GET {modules}/modules` (D13, spec "Entities"): the modules as `data` with `meta.size`, plus the
 * Flex rate table the pricing section needs from the same call.
 */
export type ModulesPayload = { data: Catalogue['modules']; meta: { size: number }; rates: RateTable };

export const modulesPayload = (catalogue: Catalogue): ModulesPayload => ({
  data: catalogue.modules,
  meta: { size: catalogue.modules.length },
  rates: catalogue.rates,
});

/**
 * Where a build writes the catalogue it was made with: the server keeps it beside the version's
 * pages and answers the modules service from it, so a version's prices come with its pages (D45).
 */
export const builtCataloguePath = '/catalogue.json';

/** Checks catalogue data, throwing one readable message that names each problem's place. */
export function parseCatalogue(data: unknown): Catalogue {
  const parsed = catalogueSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
  );
  throw new Error(`Invalid catalogue:\n  ${problems.join('\n  ')}`);
}
