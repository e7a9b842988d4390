import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCatalogue } from '@growmail/contracts/catalogue';
import { francsFor, pricesOf } from '@growmail/contracts/content/prices';
import { parse } from 'yaml';
import { writeDrafts } from '../../src/publisher/content-files.ts';

const content = join(import.meta.dirname, '..', '..', '..', 'site', 'src', 'content');
const copies: string[] = [];
afterAll(() => copies.forEach((copy) => rmSync(copy, { recursive: true, force: true })));

/** A copy of the site's content files, as the publisher's copy of the site holds them. */
function siteCopy() {
  const site = mkdtempSync(join(tmpdir(), 'growmail-content-'));
  cpSync(content, join(site, 'src', 'content'), { recursive: true });
  copies.push(site);
  return site;
}
const read = (site: string, file: string) => readFileSync(join(site, 'src', 'content', file), 'utf8');

describe('the publisher’s writing of drafts into the content files (D45)', () => {
  it('writes each entry where the site reads it, keeping the file’s header and whatever the draft does not hold', async () => {
    const site = siteCopy();
    const home = parse(read(site, 'home.yaml')) as Record<'en' | 'fr', { heroLead: string }>;
    const faqs = parse(read(site, 'faqs.yaml')) as Record<'en' | 'fr', { questions: unknown[] }>;
    const press = Object.values(parse(read(site, 'press.yaml')) as Record<string, { date: string }>);
    const written = await writeDrafts(site, {
      home: { en: { ...home.en, heroLead: 'A new lead.' } },
      faqs: { fr: faqs.fr.questions },
      press: { all: press },
    });
    expect(written).toEqual({
      files: ['src/content/home.yaml', 'src/content/faqs.yaml', 'src/content/press.yaml'],
      problems: [],
    });
    expect(parse(read(site, 'home.yaml'))).toEqual({ en: { ...home.en, heroLead: 'A new lead.' }, fr: home.fr });
    expect(read(site, 'home.yaml')).toMatch(/^# The home page's copy/);
    expect(parse(read(site, 'faqs.yaml'))).toEqual(faqs);
    // Untouched in substance, and in form: keys by slug, quoted dates, the header.
    expect(read(site, 'press.yaml')).toBe(readFileSync(join(content, 'press.yaml'), 'utf8'));
  });

  it('refuses an entry it does not know where to keep', async () => {
    expect(await writeDrafts(siteCopy(), { nothing: { en: {} } })).toEqual({
      files: [],
      problems: [
        { entry: 'nothing', message: 'The publisher does not know where this entry is kept, so it cannot publish it.' },
      ],
    });
  });
});

describe('the publisher’s writing of an admin’s prices into the catalogue (D45, issue 55)', () => {
  const catalogueOf = (site: string) => parseCatalogue(JSON.parse(read(site, 'catalogue.json')));

  it('changes the prices and discounts in the catalogue, its shape and form kept', async () => {
    const site = siteCopy();
    const before = catalogueOf(site);
    const prices = pricesOf(before);
    const first = prices[0]!.pricing[0]!;
    first.monthlyPrice = { ...first.monthlyPrice, USD: 21, NGN: 25500, XOF: francsFor(21), XAF: francsFor(21) };
    first.yearlyDiscount = 25;
    expect(await writeDrafts(site, { prices: { all: prices } })).toEqual({
      files: ['src/content/catalogue.json'],
      problems: [],
    });
    const after = catalogueOf(site);
    const entry = after.modules[0]!.pricing[0]!;
    expect(entry.prices).toEqual([
      { currency: 'NGN', amount: 25500 },
      { currency: 'USD', amount: 21 },
      { currency: 'KES', amount: 1800 },
      { currency: 'GHS', amount: 225 },
      { currency: 'XOF', amount: 13000 },
      { currency: 'XAF', amount: 13000 },
    ]);
    expect(entry.discounts).toEqual({ month: { value: 0 }, year: { value: 25 } });
    // Nothing else moves: the brackets, the other modules, the rates; and the file is as prettier writes it.
    expect({ ...after, modules: after.modules.slice(1) }).toEqual({ ...before, modules: before.modules.slice(1) });
    expect(entry.contact_bracket).toEqual(before.modules[0]!.pricing[0]!.contact_bracket);
    expect(await writeDrafts(site, { prices: { all: pricesOf(before) } })).toMatchObject({ problems: [] });
    expect(read(site, 'catalogue.json')).toBe(readFileSync(join(content, 'catalogue.json'), 'utf8'));
  });

  it('refuses a module or bracket the catalogue has not, or one left out, by its field', async () => {
    const site = siteCopy();
    const prices = pricesOf(catalogueOf(site));
    prices[1]!.module = 'webinars';
    prices[0]!.pricing[2]!.bracket = 'campaign-up-to-9m';
    const written = await writeDrafts(site, { prices: { all: prices } });
    expect(written.files).toEqual([]);
    expect(written.problems).toEqual([
      {
        entry: 'prices',
        field: 'all.1.module',
        message: expect.stringMatching(/^must be one of campaign, automation/),
      },
      { entry: 'prices', field: 'all', message: expect.stringMatching(/lists no prices for automation/) },
      {
        entry: 'prices',
        field: 'all.0.pricing.2.bracket',
        message: expect.stringMatching(/a new bracket is a developer's change$/),
      },
      {
        entry: 'prices',
        field: 'all.0.pricing',
        message: expect.stringMatching(/^must list each of campaign-up-to-500k/),
      },
    ]);
    expect(read(site, 'catalogue.json')).toBe(readFileSync(join(content, 'catalogue.json'), 'utf8'));
  });
});
