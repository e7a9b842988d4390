import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { francsFor } from '@growmail/contracts/content/prices';
import { testApp } from '@growmail/test-support/app';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { saveDraft } from '../../src/content/drafts.ts';
import { finishPublish } from '../../src/content/publish.ts';
import { releaseOf } from '../../src/site/release.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { signedIn } from './console-session.ts';
import { entryFormFields } from './entry-form.ts';

const dist = join(import.meta.dirname, '..', '..', '..', 'site', 'dist');

/** A page's text, tags and spacing squeezed out, so a sentence is found whole. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('the pricing catalogue in the console: an admin’s to change (D45, issue 55)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: 'http://localhost:4010' });
  });
  afterAll(() => app.close());

  const post = (url: string, browser: { cookies: Record<string, string>; csrf: string }, form: [string, string][]) =>
    app.inject({
      method: 'POST',
      url,
      cookies: browser.cookies,
      headers: { origin: 'http://localhost:4010', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([['_csrf', browser.csrf], ...form]).toString(),
    });

  it('accepts an admin’s price change as a draft, and refuses a franc price off the dollar’s by its field', async () => {
    const admin = await signedIn(app, 'admin');
    const listed = text((await app.inject({ url: '/team/site', cookies: admin.cookies })).body);
    expect(listed).toContain('Pricing');
    expect(listed).toContain('Prices of every module (admins only)');

    const page = await app.inject({ url: '/team/site/prices', cookies: admin.cookies });
    expect(page.statusCode).toBe(200);
    const fields = entryFormFields(page.body);
    expect(fields['all.0.module']).toBe('campaign');
    expect(fields['all.0.pricing.0.bracket']).toBe('campaign-up-to-500k');
    expect(fields['all.0.pricing.0.monthlyPrice.USD']).toBe('19');
    expect(fields['all.0.pricing.0.monthlyPrice.XOF']).toBe('11500');
    expect(page.body).toMatch(/<label for="all\.0\.pricing\.0\.monthlyPrice\.USD">USD/);

    const price = (usd: number, xof: number): [string, string][] =>
      Object.entries({
        ...fields,
        'all.0.pricing.0.monthlyPrice.USD': String(usd),
        'all.0.pricing.0.monthlyPrice.XOF': String(xof),
        'all.0.pricing.0.monthlyPrice.XAF': String(xof),
      });
    const refused = await post('/team/site/prices', admin, price(21, 11500));
    expect(refused.statusCode).toBe(400);
    expect(text(refused.body)).toContain('must be 13000: the dollar price at 601.8 francs, rounded up to 500');
    expect(refused.body).toMatch(/id="all\.0\.pricing\.0\.monthlyPrice\.XOF"[^>]*aria-invalid="true"/);
    expect(entryFormFields(refused.body)['all.0.pricing.0.monthlyPrice.USD'], 'the value kept').toBe('21');
    expect(await app.contentDrafts.find('prices')).toBeUndefined();

    const saved = await post('/team/site/prices', admin, price(21, francsFor(21)));
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/team/site/prices?done=saved#notice']);
    const draft = await app.contentDrafts.find('prices');
    expect(draft?.author.id).toBe(admin.member.id);
    const [campaign] = draft!.values.all as Array<{ pricing: Array<{ monthlyPrice: Record<string, number> }> }>;
    expect(campaign!.pricing[0]!.monthlyPrice).toMatchObject({ USD: 21, XOF: 13000, XAF: 13000, NGN: 23000 });
  });

  it('lists a price’s preview at the pricing page in every currency, in both languages, each its own page', async () => {
    const admin = await signedIn(app, 'admin');
    const data = dataAccess(app.db);
    await saveDraft(
      data,
      {
        entry: 'prices',
        values: { all: [] },
        base: 'v',
        revision: (await app.contentDrafts.find('prices'))?.revision ?? 0,
      },
      { memberId: admin.member.id, name: 'Bola Ade', method: 'passkey' },
    );
    const sent = await post('/team/site/preview', admin, [['entries', 'prices']]);
    expect(sent.statusCode).toBe(303);
    const taken = (await data.contentPublishes.take(new Date()))!;
    expect(taken).toMatchObject({ purpose: 'preview', entries: ['prices'] });

    // The publisher's build of it, in small: the pricing pages and the copies their choices show.
    const files = new Map<string, Buffer>();
    for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
      const path = `/${relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/')}`;
      if (entry.isFile() && /^\/(_views\/)?(fr\/)?pricing(\.html$|\/)/.test(path) && !/\.(br|gz)$/.test(path))
        files.set(path, readFileSync(join(entry.parentPath, entry.name)));
    }
    await finishPublish(data, taken, {
      state: 'passed',
      commit: 'c0ffee',
      release: releaseOf(join(dist, '..')),
      files,
    });
    const { version } = (await data.contentPublishes.find(taken.id))!;

    const site = (await app.inject({ url: '/team/site', cookies: admin.cookies })).body;
    const links = [...site.matchAll(new RegExp(`href="/team/site/preview/${version}(/(?:fr/)?pricing\\?[^"]*)"`, 'g'))];
    expect(links.map((link) => link[1]!.replace(/&amp;/g, '&'))).toEqual(
      ['/pricing', '/fr/pricing'].flatMap((path) =>
        ['NGN', 'USD', 'KES', 'GHS', 'XOF', 'XAF'].map((currency) => `${path}?currency=${currency}`),
      ),
    );
    const english = new Set<string>();
    for (const [, path] of links) {
      const url = `/team/site/preview/${version}${path!.replace(/&amp;/g, '&')}`;
      const page = await app.inject({ url, cookies: admin.cookies });
      expect([path, page.statusCode]).toEqual([path, 200]);
      if (!path!.startsWith('/fr/')) english.add(page.body);
    }
    // Without JavaScript, each currency is a copy of its own (D30); the French page's island picks its query up.
    expect(english.size, 'each currency is a page of its own').toBe(6);
  });

  it('refuses an editor the prices: not listed, its form and a post answered 403, a publish of a price draft refused', async () => {
    const editor = await signedIn(app, 'editor');
    const listed = text((await app.inject({ url: '/team/site', cookies: editor.cookies })).body);
    expect(listed).not.toContain('Prices of every module');
    expect(listed).toContain('Hero, steps, figures and closing');

    const page = await app.inject({ url: '/team/site/prices', cookies: editor.cookies });
    expect(page.statusCode).toBe(403);
    expect(text(page.body)).toContain('Your role does not allow this. An admin can change it.');

    const admin = await signedIn(app, 'admin');
    const fields = entryFormFields((await app.inject({ url: '/team/site/prices', cookies: admin.cookies })).body);
    const before = await app.contentDrafts.find('prices');
    const sent = await post(
      '/team/site/prices',
      editor,
      Object.entries({ ...fields, 'all.0.pricing.0.monthlyPrice.USD': '1', _revision: String(before?.revision ?? 0) }),
    );
    expect(sent.statusCode).toBe(403);
    expect(await app.contentDrafts.find('prices')).toEqual(before);

    // A price draft is not the editor's to publish, whoever left it.
    const publish = await post('/team/site/publish', editor, [['entries', 'prices']]);
    expect(publish.statusCode).toBe(403);
  });
});
