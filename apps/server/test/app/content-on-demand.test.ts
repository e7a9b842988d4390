import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentKinds,
  ownPageOf,
  pagesShowing,
  publishedEntriesPath,
  type PublishedEntry,
} from '@growmail/contracts/content/entries';
import { testApp } from '@growmail/test-support/app';
import { saveDraft } from '../../src/content/drafts.ts';
import { finishPublish } from '../../src/content/publish.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { buildFiles } from '../../src/site/build-files.ts';
import { releaseOf } from '../../src/site/release.ts';
import { signedIn } from './console-session.ts';

const dist = join(import.meta.dirname, '..', '..', '..', 'site', 'dist');

/** The new words a version publishes: a testimonial, a product's name in each language, a partner. */
const words = {
  quote: 'Growmail answered every customer we had this spring.',
  product: { en: 'Campaign Studio', fr: 'Studio de campagnes' },
  partner: 'Northwind Traders',
  description: 'Every message your customers need, sent from one place.',
};

type Item = { order: number; name: string; content?: string };
const first = (items: Item[]) => items.reduce((low, item) => (item.order < low.order ? item : low));

/**
 * A version as a publish of those words would make it, in small: the release's build with only
 * its entries' values changed, so the built pages still carry the release's words and any new
 * word a page shows can only have come from the entries, handed to the release's renderer.
 */
async function versionWithNewWords() {
  const files = await buildFiles(dist);
  const entries = JSON.parse(files.get(publishedEntriesPath)!.toString('utf8')) as PublishedEntry[];
  const entry = (id: string) => entries.find((found) => found.id === id)!.published as Record<string, unknown>;
  const testimonial = first(entry('testimonials').all as Item[]);
  const was = { quote: testimonial.content!, product: (entry('products.campaign').en as { title: string }).title };
  testimonial.content = words.quote;
  (entry('products.campaign').en as { title: string }).title = words.product.en;
  (entry('products.campaign').fr as { title: string }).title = words.product.fr;
  first(entry('partners').all as Item[]).name = words.partner;
  (entry('brand').en as { description: string }).description = words.description;
  files.set(publishedEntriesPath, Buffer.from(JSON.stringify(entries)));
  return { files, was };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const text = (html: string) => parse(html).text.replace(/\s+/g, ' ');

describe('the pages rendered on demand show the version served (D45)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The contact form sent back with its problems, and the startup form's: pages rendered for one answer. */
  const sentBack = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      payload: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const contactProblem = () => sentBack('/contact', { form_name: 'enquiry', fullname: '', email: 'nobody' });
  const frenchContactProblem = () => sentBack('/fr/contact', { form_name: 'enquiry', fullname: '', email: 'nobody' });
  const startupProblem = () => sentBack('/startup', { form_name: 'startup', firstname: '', email: 'nobody' });

  // A minute: the version is the whole build, 34 MB read, stored and loaded, on a busy machine.
  it(
    'answers /demo and the forms’ pages in the new words, through the release’s renderer, its built pages unchanged',
    { timeout: 60_000 },
    async () => {
      const { files, was } = await versionWithNewWords();
      for (const [path, body] of files)
        if (path !== publishedEntriesPath)
          expect([
            path,
            [words.quote, words.partner, words.product.en, words.description].some((word) => body.includes(word)),
          ]).toEqual([path, false]);

      // The release's words, /demo kept in its cache.
      const demo = await app.inject('/demo');
      expect(text(demo.body)).toContain(was.quote);
      const terms = await app.inject('/terms');
      expect(text((await contactProblem()).body)).toContain(was.product);

      const data = dataAccess(app.db);
      const id = randomUUID();
      const release = releaseOf(join(dist, '..'));
      await data.contentVersions.store(
        { id, publishId: randomUUID(), commit: 'c0ffee', release, at: new Date() },
        files,
      );
      await data.contentVersions.makeCurrent(id, new Date(), app.db.dialect);
      await app.contentVersion.check();
      expect(app.contentVersion.current()).toBe(id);

      // /demo, kept before the swap, is made again from the version: its testimonial and logos.
      const newDemo = await app.inject('/demo');
      expect(newDemo.statusCode).toBe(200);
      expect(text(newDemo.body)).toContain(words.quote);
      expect(text(newDemo.body)).not.toContain(was.quote);
      expect(newDemo.body).toContain(`aria-label="${words.partner}"`);
      expect(newDemo.headers.etag).not.toBe(demo.headers.etag);
      expect(text((await app.inject('/fr/demo')).body)).toContain(words.quote);

      // A form's page sent back: the header and footer name the product as the version does.
      const problem = await contactProblem();
      expect(problem.statusCode).toBe(400);
      const nav = parse(problem.body)
        .querySelectorAll('header a, footer a')
        .map((link) => link.text.trim());
      expect(nav).toContain(words.product.en);
      expect(nav).not.toContain(was.product);
      // And the footer says the brand's description as the version does.
      expect(text(parse(problem.body).querySelector('footer')!.innerHTML)).toContain(words.description);
      expect(text((await frenchContactProblem()).body)).toContain(words.product.fr);
      const startup = await startupProblem();
      expect(startup.statusCode).toBe(400);
      expect(startup.body).toContain(`aria-label="${words.partner}"`);

      // A built page is the version's file: here the same bytes as the release's.
      expect((await app.inject('/terms')).headers.etag).toBe(terms.headers.etag);
    },
  );

  it(
    'finds the stylesheet and scripts its renderer asks for after two publishes that renamed the version’s',
    { timeout: 60_000 },
    async () => {
      const data = dataAccess(app.db);
      const release = releaseOf(join(dist, '..'));
      const { files } = await versionWithNewWords();
      const css = [...files.keys()].find((path) => path.startsWith('/_astro/') && path.endsWith('.css'))!;
      // Each publish's content changed the site's CSS (Tailwind reads the content files for class names).
      for (const suffix of ['-v2', '-v3']) {
        const renamed = new Map(files);
        renamed.delete(css);
        renamed.set(css.replace(/\.css$/, `${suffix}.css`), files.get(css)!);
        const id = randomUUID();
        await data.contentVersions.store(
          { id, publishId: randomUUID(), commit: 'c0ffee', release, at: new Date() },
          renamed,
        );
        await data.contentVersions.makeCurrent(id, new Date(), app.db.dialect);
        await app.contentVersion.check();
        expect(app.contentVersion.current()).toBe(id);
      }
      const problem = await contactProblem();
      expect(problem.statusCode).toBe(400);
      const assets = [...problem.body.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((match) => match[1]!);
      expect(assets).toContain(css);
      for (const asset of assets) expect([asset, (await app.inject(asset)).statusCode]).toEqual([asset, 200]);
    },
  );
});

describe('a preview links every page that shows what it changes (D45)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: 'http://localhost:4010' });
    await app.ready();
  });
  afterAll(() => app.close());

  /** The own pages of the site's entries, as the Site section reads them from the version served. */
  const ownPages = () =>
    (JSON.parse(readFileSync(join(dist, publishedEntriesPath), 'utf8')) as PublishedEntry[]).flatMap(
      (entry) => ownPageOf(entry.id) ?? [],
    );

  it('names pages the site has, for every kind', () => {
    const pages = ownPages();
    expect(pages).toContain('/products/campaign');
    for (const kind of Object.keys(contentKinds))
      for (const page of pagesShowing(kind, pages))
        expect([kind, page, app.site.hasPage(page)]).toEqual([kind, page, true]);
  });

  it('links a testimonial’s home and /demo, and the questions’ every product page, in both languages', async () => {
    const editor = await signedIn(app, 'editor');
    const data = dataAccess(app.db);
    const actor = { memberId: editor.member.id, name: 'Ada Obi', method: 'passkey' } as const;
    await saveDraft(data, { entry: 'testimonials', values: { all: [] }, base: 'v', revision: 0 }, actor);
    await saveDraft(data, { entry: 'faqs', values: { en: [], fr: [] }, base: 'v', revision: 0 }, actor);
    const sent = await app.inject({
      method: 'POST',
      url: '/team/site/preview',
      cookies: editor.cookies,
      headers: { origin: 'http://localhost:4010', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['_csrf', editor.csrf],
        ['entries', 'testimonials'],
        ['entries', 'faqs'],
      ]).toString(),
    });
    expect(sent.statusCode).toBe(303);
    const taken = (await data.contentPublishes.take(new Date()))!;
    const files = new Map([['/index.html', app.site.page('/')!.body]]);
    await finishPublish(data, taken, {
      state: 'passed',
      commit: 'c0ffee',
      release: releaseOf(join(dist, '..')),
      files,
    });
    const { version } = (await data.contentPublishes.find(taken.id))!;

    const site = parse((await app.inject({ url: '/team/site', cookies: editor.cookies })).body);
    const prefix = `/team/site/preview/${version}`;
    const linked = site
      .querySelectorAll(`a[href^="${prefix}"]`)
      .map((link) => link.getAttribute('href')!.slice(prefix.length));
    const products = ownPages().filter((page) => page.startsWith('/products/'));
    expect(products.length).toBeGreaterThan(1);
    expect(linked).toEqual(['/', '/fr', '/demo', '/fr/demo', ...products.flatMap((page) => [page, `/fr${page}`])]);
  });
});
