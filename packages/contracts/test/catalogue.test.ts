import { describe, expect, it } from 'vitest';
import catalogueData from '../data/catalogue.json' with { type: 'json' };
import { catalogueFromPayload, modulesPayload, parseCatalogue, type Catalogue } from '../src/catalogue.ts';

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

  it('lists what each optional module adds (spec §9)', () => {
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
