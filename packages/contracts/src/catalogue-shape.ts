import type { Catalogue } from './catalogue.ts';
import { campaignModuleCode, currencyCodes } from './catalogue-codes.ts';

/**
 * The browser's check of a modules answer, without zod: under the site's bundler even
 * zod/mini adds ~20 KB gzip, and the header's prefetch of home would carry it to every page.
 * It checks the shape the pricing section reads (types, ranges, every currency priced); the
 * full catalogue schema (catalogue.ts) has already checked the data when the server started.
 * A test holds the two in step.
 */

type Data = Record<string, unknown>;
const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1e12;
const isPercentage = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 100;
const isText = (value: unknown) => typeof value === 'string' && value.length > 0;
const everyItem = (value: unknown, check: (item: unknown) => boolean) =>
  Array.isArray(value) && value.length > 0 && value.every(check);

const isRange = (value: unknown) =>
  isObject(value) && isCount(value.min) && (value.max === null || (isCount(value.max) && value.max >= value.min));

const isPrices = (value: unknown) =>
  Array.isArray(value) &&
  value.every((price) => isObject(price) && isAmount(price.amount)) &&
  currencyCodes.every((code) => value.filter((price) => price.currency === code).length === 1) &&
  value.length === currencyCodes.length;

const isEntry = (value: unknown) =>
  isObject(value) &&
  isText(value._id) &&
  isRange(value.contact_bracket) &&
  isPrices(value.prices) &&
  isObject(value.discounts) &&
  [value.discounts.month, value.discounts.year].every((discount) => isObject(discount) && isPercentage(discount.value));

const isModule = (value: unknown) =>
  isObject(value) &&
  isText(value.code) &&
  isText(value.name) &&
  Array.isArray(value.features) &&
  value.features.every(isText) &&
  everyItem(value.pricing, isEntry);

const isTier = (value: unknown) =>
  isObject(value) &&
  isRange(value) &&
  isObject(value.rates) &&
  currencyCodes.every((code) => isAmount((value.rates as Data)[code]));

/** The catalogue in a modules answer's payload, or undefined when it is not one (the caller keeps what it has). */
export function catalogueFromAnswer(payload: unknown): Catalogue | undefined {
  if (!isObject(payload) || !isObject(payload.meta) || !isObject(payload.rates)) return undefined;
  const { data, meta, rates } = payload;
  if (!everyItem(data, isModule) || !everyItem(rates.tiers, isTier)) return undefined;
  const modules = data as Catalogue['modules'];
  if (meta.size !== modules.length || !modules.some((module) => module.code === campaignModuleCode)) return undefined;
  return { modules, rates: rates as Catalogue['rates'] };
}
