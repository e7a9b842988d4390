import { describe, expect, it } from 'vitest';
import catalogueData from '../../../apps/site/src/content/catalogue.json' with { type: 'json' };
import { catalogueFromAnswer } from '../src/catalogue-shape.ts';
import { modulesPayload, parseCatalogue, type Catalogue } from '../src/catalogue.ts';
import { francsPerDollar } from '../src/dollar-rate.ts';

const copy = (): Catalogue => structuredClone(catalogueData) as Catalogue;

describe('the catalogue data file (D13)', () => {
  it('passes its schema', () => {
    expect(() => parseCatalogue(catalogueData)).not.toThrow();
  });

  it('holds the four modules, Campaigns first', () => {
    expect(parseCatalogue(catalogueData).modules.map((module) => module.code)).toEqual([
      'campaign',
      'automation',
      'transactional',
      'analytics',
    ]);
  });

  it('prices the CFA francs from the dollar prices by the rule docs/decisions.md records (D38)', () => {
    const catalogue = parseCatalogue(catalogueData);
    // 655.957 francs to the euro (the peg) at 1.09 dollars to the euro: the one rate (src/dollar-rate.ts).
    const amount = (prices: { currency: string; amount: number }[], code: string) =>
      prices.find((price) => price.currency === code)!.amount;
    for (const entry of catalogue.modules.flatMap((module) => module.pricing)) {
      const usd = amount(entry.prices, 'USD');
      expect(amount(entry.prices, 'XOF'), entry._id).toBe(Math.ceil((usd * francsPerDollar) / 500) * 500);
      expect(amount(entry.prices, 'XAF'), entry._id).toBe(amount(entry.prices, 'XOF'));
    }
    const tiers = catalogue.rates.tiers;
    for (const tier of tiers.slice(0, -1))
      expect(tier.rates.XOF * 1000).toBeCloseTo(Math.round((tier.rates.USD * 1000 * francsPerDollar) / 5) * 5, 9);
    // The ninth tier falls as the naira's and the cedi's do (0.6 of the first), not as the suspect dollar rate.
    expect(tiers.at(-1)!.rates.XOF).toBeCloseTo(tiers[0]!.rates.XOF * 0.6, 9);
    for (const tier of tiers) expect(tier.rates.XAF).toBe(tier.rates.XOF);
  });

  it('lists what each optional module adds (spec "Business constants")', () => {
    const features = Object.fromEntries(parseCatalogue(catalogueData).modules.map((m) => [m.code, m.features]));
    expect(features.automation).toEqual(['Unlimited journeys', 'Visual workflow builder', 'Advanced autoresponders']);
    expect(features.transactional).toEqual(['Unlimited transactional emails', 'Auto subscriber capture']);
    expect(features.analytics).toEqual(['Event analytics', 'Event comparison', 'Page visit analytics']);
  });
});

describe('the catalogue schema', () => {
  it('names the place of each problem', () => {
    const bad = copy();
    bad.modules[1]!.pricing[0]!.prices.pop();
    bad.rates.tiers[0]!.rates.USD = -1;
    expect(() => parseCatalogue(bad)).toThrow(/modules\.1\.pricing\.0\.prices: prices must list each of/);
    expect(() => parseCatalogue(bad)).toThrow(/rates\.tiers\.0\.rates\.USD/);
  });

  it('needs a campaign module', () => {
    const bad = copy();
    bad.modules = bad.modules.filter((module) => module.code !== 'campaign');
    expect(() => parseCatalogue(bad)).toThrow(/modules must include 'campaign'/);
  });

  it('refuses overlapping brackets, a discount over 100% and a gap in the rate tiers', () => {
    const overlap = copy();
    overlap.modules[0]!.pricing[1]!.contact_bracket.min = 10;
    expect(() => parseCatalogue(overlap)).toThrow(/ascending, non-overlapping/);
    const discount = copy();
    discount.modules[0]!.pricing[0]!.discounts.year.value = 120;
    expect(() => parseCatalogue(discount)).toThrow(/discounts\.year\.value/);
    const gap = copy();
    gap.rates.tiers[1]!.min = 600_000;
    expect(() => parseCatalogue(gap)).toThrow(/without gaps/);
  });

  it('refuses what is not a catalogue at all', () => {
    expect(() => parseCatalogue(null)).toThrow(/Invalid catalogue/);
    expect(() => parseCatalogue({ modules: 'campaign' })).toThrow(/modules/);
  });
});

/** What the full schema makes of a modules answer: its catalogue, or undefined when it is not one. */
function catalogueFromPayload(payload: unknown): Catalogue | undefined {
  const { data, meta, rates } = (payload ?? {}) as { data?: unknown[]; meta?: { size?: unknown }; rates?: unknown };
  if (!Array.isArray(data) || meta?.size !== data.length) return undefined;
  try {
    return parseCatalogue({ modules: data, rates });
  } catch {
    return undefined;
  }
}

describe('the modules answer', () => {
  it('carries the modules as data with meta.size, and the rate table', () => {
    const catalogue = parseCatalogue(catalogueData);
    const payload = modulesPayload(catalogue);
    expect(payload.meta.size).toBe(4);
    expect(catalogueFromPayload(JSON.parse(JSON.stringify(payload)))).toEqual(catalogue);
  });

  it('is ignored when malformed or when meta.size disagrees', () => {
    const payload = modulesPayload(parseCatalogue(catalogueData));
    expect(catalogueFromPayload(null)).toBeUndefined();
    expect(catalogueFromPayload({ data: [] })).toBeUndefined();
    expect(catalogueFromPayload({ ...payload, meta: { size: 3 } })).toBeUndefined();
    expect(catalogueFromPayload({ ...payload, data: payload.data.slice(1), meta: { size: 3 } })).toBeUndefined();
  });
});

describe("the browser's check of a modules answer", () => {
  const payload = () => JSON.parse(JSON.stringify(modulesPayload(parseCatalogue(catalogueData))));
  type Payload = ReturnType<typeof payload>;

  it('accepts the answer the service gives', () => {
    expect(catalogueFromAnswer(payload())).toEqual(parseCatalogue(catalogueData));
  });

  it.each<[string, (p: Payload) => unknown]>([
    ['not an object', () => 'modules'],
    ['no data', (p) => ({ ...p, data: undefined })],
    ['meta.size disagreeing', (p) => ({ ...p, meta: { size: 9 } })],
    ['no campaign module', (p) => ({ ...p, data: p.data.slice(1), meta: { size: 3 } })],
    ['a price as text', (p) => ((p.data[0].pricing[0].prices[1].amount = '19'), p)],
    ['a negative price', (p) => ((p.data[1].pricing[2].prices[0].amount = -1), p)],
    ['a currency missing', (p) => (p.data[2].pricing[0].prices.pop(), p)],
    ['a currency twice', (p) => ((p.data[2].pricing[0].prices[3].currency = 'USD'), p)],
    ['a discount over 100', (p) => ((p.data[0].pricing[0].discounts.year.value = 150), p)],
    ['a bracket max below min', (p) => ((p.data[0].pricing[1].contact_bracket.max = 1), p)],
    ['a module name missing', (p) => ((p.data[3].name = undefined), p)],
    ['a feature that is not text', (p) => ((p.data[1].features[0] = { text: 'x' }), p)],
    ['no pricing', (p) => ((p.data[1].pricing = []), p)],
    ['a rate missing', (p) => (delete p.rates.tiers[0].rates.GHS, p)],
    ['a rate as text', (p) => ((p.rates.tiers[3].rates.USD = '0.0006'), p)],
    ['no tiers', (p) => ((p.rates.tiers = []), p)],
  ])('refuses an answer with %s, as the schema does', (_name, mutate) => {
    const broken = mutate(payload());
    expect(catalogueFromPayload(broken)).toBeUndefined();
    expect(catalogueFromAnswer(broken)).toBeUndefined();
  });
});
