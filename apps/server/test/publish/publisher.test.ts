import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parse } from 'yaml';
import { builtCataloguePath, parseCatalogue } from '@growmail/contracts/catalogue';
import { francsFor, pricesOf } from '@growmail/contracts/content/prices';
import { testDatabases } from '@growmail/test-support/databases';
import { publisherCheckout } from '@growmail/test-support/publisher';
import { saveDraft } from '../../src/content/drafts.ts';
import { acceptImage, PostedFile } from '../../src/content/images.ts';
import { finishPublish, requestPublish } from '../../src/content/publish.ts';
import type { Db } from '../../src/db/index.ts';
import { loadConfig } from '../../src/config.ts';
import { imagesOf, runPublish } from '../../src/publisher/publish.ts';
import { substitutionsFor } from '../../src/site/placeholders.ts';
import { onContentBranch } from '../../src/publisher/git.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';

const apps = join(import.meta.dirname, '..', '..', '..');
/** The values a production server puts in the pages, which the budgets are measured with. */
const config = loadConfig({ SITE_ENV: 'production', PUBLIC_URL: 'https://www.growmail.example', LOG_LEVEL: 'silent' });

describe('the publisher (D45)', async () => {
  const [database] = await testDatabases();
  let db: Db;
  let data: DataAccess;
  let checkout: ReturnType<typeof publisherCheckout>;
  let editor: { memberId: string; name: string; method: 'passkey' };

  beforeAll(async () => {
    db = await database!.open();
    data = dataAccess(db);
    const member = await data.team.upsertMember({
      email: 'ada@growmail.test',
      name: 'Ada Obi',
      zone: 'Africa/Lagos',
      role: 'editor',
    });
    editor = { memberId: member.id, name: 'Ada Obi', method: 'passkey' };
    checkout = publisherCheckout();
    await onContentBranch(checkout.site);
  });
  afterAll(async () => {
    await db?.close();
    checkout?.remove();
  });

  const content = (file: string) => parse(readFileSync(join(checkout.site, 'src/content', file), 'utf8')) as unknown;
  const campaign = () => content('products/campaign.yaml') as { hero: { lead: string } };

  async function publishOf(
    values: Record<string, unknown>,
    words: string[] = [],
    entry = 'products.campaign',
    purpose: 'publish' | 'preview' = 'publish',
  ) {
    const current = await data.contentDrafts.find(entry);
    await saveDraft(data, { entry, values, base: 'v', revision: current?.revision ?? 0 }, editor);
    await requestPublish(data, { entries: [entry], words }, editor, new Date(), purpose);
    const publish = (await data.contentPublishes.take(new Date()))!;
    const outcome = await runPublish(checkout.site, publish, substitutionsFor(config), await imagesOf(data, publish));
    await finishPublish(data, publish, outcome);
    return outcome;
  }

  it('refuses a word the spelling check does not know, by its field, before building, and commits nothing', async () => {
    const product = campaign();
    const outcome = await publishOf({
      en: { ...product, hero: { ...product.hero, lead: 'Campaigns that Zorbleflax.' } },
    });
    expect(outcome).toEqual({
      state: 'refused',
      problems: [
        {
          entry: 'products.campaign',
          field: 'en.hero.lead',
          message:
            'the spelling check does not know “Zorbleflax”: correct it, or add it under New words if it is right',
        },
      ],
    });
    expect(checkout.git('log', '--format=%s', 'content')).toBe('The released site');
    expect(await data.contentDrafts.find('products.campaign'), 'the draft waits').toBeDefined();
  });

  it('builds a small change with the editor’s new word and picture, checks the build, and commits it on the content branch by member id and name', async () => {
    const product = campaign();
    const lead = 'Design beautiful emails without code, and win back everyone who missed them with Zorbleflax.';
    const photo = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#1e8c5a' } })
      .jpeg()
      .toBuffer();
    const uploaded = await acceptImage(data, new PostedFile('editor.jpg', photo, false));
    const sha256 = 'sha256' in uploaded ? uploaded.sha256 : '';
    const picture = { src: `sha256:${sha256}`, alt: 'The campaign editor with a newsletter open' };
    const outcome = await publishOf({ en: { ...product, hero: { ...product.hero, lead }, picture } }, ['Zorbleflax']);
    expect(outcome).toMatchObject({ state: 'passed', commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(checkout.git('log', '-1', '--format=%an|%ae|%cn|%s', 'content')).toBe(
      `Ada Obi (member ${editor.memberId})|member-${editor.memberId}@members.invalid|Growmail publisher|Publish products.campaign (publish ${(await data.contentPublishes.recent(1))[0]!.id})`,
    );
    expect(checkout.git('show', '--name-only', '--format=', 'content').split('\n').sort()).toEqual([
      'cspell-words.txt',
      `src/assets/content/${sha256}.jpg`,
      'src/content/products/campaign.yaml',
    ]);
    expect(campaign().hero.lead).toBe(lead);
    expect((campaign() as { picture?: unknown }).picture).toEqual(picture);
    expect(readFileSync(join(checkout.site, 'src/content/products/campaign.yaml'), 'utf8')).toMatch(
      /^# The product page/,
    );
    expect(await data.contentDrafts.find('products.campaign'), 'published: no longer a draft').toBeUndefined();
    // The build is the current version, its files stored by content for every server to load.
    const { version } = (await data.contentPublishes.recent(1))[0]!;
    expect(await data.contentVersions.currentId()).toBe(version);
    const stored = (await data.contentVersions.find(version!))!;
    const page = await data.contentVersions.bodies([stored.files['/products/campaign.html']!]);
    const html = [...page.values()][0]!.toString('utf8');
    expect(html).toContain(lead);
    // The picture as astro:assets drew it: WebP in the widths the file allows, its size set, lazy.
    const img = new RegExp(`<img src="/_astro/${sha256}[^>]*>`).exec(html)?.[0];
    expect(img).toMatch(/srcset="[^"]+480w, [^"]+800w, [^"]+1000w"/);
    expect(img).toContain('alt="The campaign editor with a newsletter open"');
    expect(img).toContain('width="1000" height="600"');
    expect(img).toContain('loading="lazy"');
    // Every size the page asks for is a file of the version.
    const sizes = [...new Set(img!.match(/\/_astro\/[^" ,]+\.webp/g))];
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    for (const size of sizes) expect(stored.files).toHaveProperty([size]);
    expect(Object.keys(stored.files)).toContain('/index.html');
    expect(
      readdirSync(apps).filter((name) => name.startsWith(`.publish-${basename(checkout.site)}`)),
      'no build copy left',
    ).toEqual([]);
    expect(existsSync(join(checkout.site, 'dist'))).toBe(false);
  });

  it('publishes an admin’s price into the catalogue, the version’s pages and its /catalogue.json, committing that file only', async () => {
    const catalogue = parseCatalogue(
      JSON.parse(readFileSync(join(checkout.site, 'src/content/catalogue.json'), 'utf8')),
    );
    const prices = pricesOf(catalogue);
    const first = prices[0]!.pricing[0]!;
    first.monthlyPrice = { ...first.monthlyPrice, USD: 23, XOF: francsFor(23), XAF: francsFor(23) };
    const outcome = await publishOf({ all: prices }, [], 'prices');
    expect(outcome).toMatchObject({ state: 'passed' });
    expect(checkout.git('show', '--name-only', '--format=', 'content')).toBe('src/content/catalogue.json');
    const { version } = (await data.contentPublishes.recent(1))[0]!;
    const stored = (await data.contentVersions.find(version!))!;
    // By hash: the database returns the bodies in no particular order.
    const hashes = [stored.files[builtCataloguePath]!, stored.files['/pricing.html']!];
    const bodies = await data.contentVersions.bodies(hashes);
    const [built, pricing] = hashes.map((hash) => bodies.get(hash));
    const served = parseCatalogue(JSON.parse(built!.toString('utf8')));
    expect(served.modules[0]!.pricing[0]!.prices).toContainEqual({ currency: 'USD', amount: 23 });
    expect(served.modules[0]!.pricing[0]!.prices).toContainEqual({ currency: 'XOF', amount: francsFor(23) });
    expect(pricing!.toString('utf8')).toContain('$23');
  });

  it('refuses a build whose page goes over its document budget, naming the entry and the page, and changes nothing', async () => {
    const terms = content('legal/terms.yaml') as { intro: string[] };
    // Words the spelling check knows, in an order no compressor can shorten much: a page of them is over 12.5 KB.
    const known = [...new Set(JSON.stringify(terms).match(/\b[a-z]{4,}\b/g))];
    let seed = 7;
    const words = Array.from({ length: 3500 }, () => known[(seed = (seed * 48271) % 2147483647) % known.length]);
    const before = checkout.git('rev-parse', 'content');
    const outcome = await publishOf(
      { en: { ...terms, intro: [...terms.intro, `${words.join(' ')}.`] } },
      [],
      'legal.terms',
    );
    expect(outcome).toEqual({
      state: 'refused',
      problems: [
        {
          entry: 'legal.terms',
          message: expect.stringMatching(
            /^\/terms would be \d+\.\d\d KB, over its 12\.5 KB budget for the first screen on a slow link/,
          ),
        },
      ],
    });
    expect(checkout.git('rev-parse', 'content'), 'no commit').toBe(before);
    expect((await data.contentPublishes.recent(1))[0]!.version, 'no version').toBeUndefined();
    expect(checkout.git('status', '--porcelain'), 'no file changed').toBe('');
    expect(await data.contentDrafts.find('legal.terms'), 'the draft waits').toBeDefined();
    expect(
      readdirSync(apps).filter((name) => name.startsWith(`.publish-${basename(checkout.site)}`)),
      'no build copy left',
    ).toEqual([]);
  });

  it('builds a preview unchecked, keeps it as a version no server serves, and commits nothing', async () => {
    const product = campaign();
    const before = checkout.git('rev-parse', 'content');
    const current = await data.contentVersions.currentId();
    const lead = 'A preview of Zorbleflaxing campaigns.';
    const outcome = await publishOf(
      { en: { ...product, hero: { ...product.hero, lead } } },
      [],
      'products.campaign',
      'preview',
    );
    expect(outcome).toMatchObject({ state: 'passed', commit: before });
    const { version } = (await data.contentPublishes.recent(1))[0]!;
    const stored = (await data.contentVersions.find(version!))!;
    const page = await data.contentVersions.bodies([stored.files['/products/campaign.html']!]);
    expect([...page.values()][0]!.toString('utf8')).toContain(lead);
    expect(await data.contentVersions.currentId(), 'not served').toBe(current);
    expect(checkout.git('rev-parse', 'content'), 'no commit').toBe(before);
    expect(checkout.git('status', '--porcelain'), 'no file changed').toBe('');
    expect(await data.contentDrafts.find('products.campaign'), 'the draft waits').toBeDefined();
  });
});
