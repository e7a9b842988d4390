import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite, viewports } from '@growmail/test-support/site';

const publicUrl = 'https://www.growmail.test';
const site = useSite({ PUBLIC_URL: publicUrl });
const [mobile, desktop] = viewports;

const atom = 'http://www.w3.org/2005/Atom';
/** RFC 3339 date-time, as RFC 4287 §3.3 requires of every Date construct. */
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

type FeedEntry = {
  id: string;
  title: string;
  updated: string;
  link: string;
  contentType: string | null;
  content: string;
};
type ParsedFeed = {
  error: string | null;
  root: { name: string; namespace: string | null };
  id: string;
  title: string;
  updated: string;
  authors: string[];
  self: string | null;
  alternate: string | null;
  entries: FeedEntry[];
};

describe('the changelog page', () => {
  it.each([mobile, desktop])(
    'lists every entry with its date, version, whether it breaks and its operations ($name)',
    async (viewport) => {
      const { page, context } = await site.openPage(viewport, { javaScript: false });
      await page.goto(`${site.url}/developers/changelog`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('API changelog');
      const entries = page.locator('main article');
      expect(await entries.count()).toBeGreaterThanOrEqual(3);
      for (const entry of await entries.all()) {
        expect(await entry.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(await entry.locator('dd.font-mono').textContent()).toMatch(/^\d+\.\d+\.\d+$/);
        expect(await entry.getByText(/^(No|Yes: clients must change)$/).count()).toBe(1);
        for (const link of await entry.getByRole('link').all())
          expect(await link.getAttribute('href')).toMatch(/^\/developers\/reference\/[a-z-]+$/);
      }
      const dates = await entries
        .locator('time')
        .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
      expect(dates).toEqual([...dates].sort().reverse());
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it('names its feed in the head and is linked from the docs navigation and the sitemap', async () => {
    const { page, context } = await site.openPage(desktop, { javaScript: false });
    await page.goto(`${site.url}/developers/reference/contacts`);
    const nav = page.getByRole('navigation', { name: 'Documentation' });
    await nav.locator('a:visible', { hasText: 'Changelog' }).click();
    await page.waitForURL(`${site.url}/developers/changelog`);
    const current = page.getByRole('navigation', { name: 'Documentation' }).locator('a[aria-current="page"]:visible');
    expect(await current.textContent()).toBe('Changelog');
    const alternate = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    expect(await alternate.getAttribute('href')).toBe('/developers/changelog.atom');
    expect(await alternate.getAttribute('title')).toBe('Growmail API changelog');
    await context.close();
    const sitemap = (await site.app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${publicUrl}/developers/changelog</loc>`);
  });
});

describe('the changelog feed', () => {
  it('is served as Atom, on the configured origin, compressed when asked', async () => {
    const response = await fetch(`${site.url}/developers/changelog.atom`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    const body = await response.text();
    expect(body).toContain(`${publicUrl}/developers/changelog`);
    expect(body).not.toContain('gm-runtime');
  });

  it('is a valid Atom feed (RFC 4287) of the same entries as the page', async () => {
    const { page, context } = await site.openPage(desktop);
    await page.goto(`${site.url}/developers/changelog`);
    const xml = await (await fetch(`${site.url}/developers/changelog.atom`)).text();
    // Chromium's own XML parser: namespace-aware, and strict about well-formedness.
    const feed = (await page.evaluate(
      ([source, ns]) => {
        const document = new DOMParser().parseFromString(source, 'application/xml');
        const error = document.querySelector('parsererror')?.textContent ?? null;
        const root = document.documentElement;
        const children = (parent: Element, name: string) =>
          [...parent.children].filter((child) => child.namespaceURI === ns && child.localName === name);
        const text = (parent: Element, name: string) => children(parent, name)[0]?.textContent ?? '';
        const link = (parent: Element, rel: string) =>
          children(parent, 'link')
            .find((element) => (element.getAttribute('rel') ?? 'alternate') === rel)
            ?.getAttribute('href') ?? null;
        return {
          error,
          root: { name: root.localName, namespace: root.namespaceURI },
          id: text(root, 'id'),
          title: text(root, 'title'),
          updated: text(root, 'updated'),
          authors: children(root, 'author').map((author) => text(author, 'name')),
          self: link(root, 'self'),
          alternate: link(root, 'alternate'),
          entries: children(root, 'entry').map((entry) => ({
            id: text(entry, 'id'),
            title: text(entry, 'title'),
            updated: text(entry, 'updated'),
            link: link(entry, 'alternate') ?? '',
            contentType: children(entry, 'content')[0]?.getAttribute('type') ?? null,
            content: text(entry, 'content'),
          })),
        };
      },
      [xml, atom] as const,
    )) as ParsedFeed;
    await context.close();

    expect(feed.error).toBeNull();
    expect(feed.root).toEqual({ name: 'feed', namespace: atom });
    // atom:feed must have exactly one id, title and updated, an author (or one on every entry), and should link itself.
    expect(feed.id).toMatch(/^tag:growmail\.io,\d{4}:/);
    expect(feed.title).toBe('Growmail API changelog');
    expect(feed.updated).toMatch(rfc3339);
    expect(feed.authors).toEqual(['Growmail']);
    expect(feed.self).toBe(`${publicUrl}/developers/changelog.atom`);
    expect(feed.alternate).toBe(`${publicUrl}/developers/changelog`);

    const page2 = await site.openPage(desktop, { javaScript: false });
    await page2.page.goto(`${site.url}/developers/changelog`);
    const titles = await page2.page.locator('main article h2').allTextContents();
    const anchors = await page2.page
      .locator('main article h2')
      .evaluateAll((headings) => headings.map((heading) => heading.id));
    await page2.context.close();

    expect(feed.entries.map((entry) => entry.title)).toEqual(titles);
    expect(new Set(feed.entries.map((entry) => entry.id)).size).toBe(feed.entries.length);
    expect(feed.updated).toBe(
      feed.entries
        .map((entry) => entry.updated)
        .sort()
        .at(-1),
    );
    feed.entries.forEach((entry, index) => {
      expect(entry.id).toMatch(/^tag:growmail\.io,\d{4}-\d{2}-\d{2}:\/developers\/changelog\/[a-z0-9-]+$/);
      expect(entry.updated).toMatch(rfc3339);
      expect(entry.link).toBe(`${publicUrl}/developers/changelog#${anchors[index]}`);
      expect(entry.contentType).toBe('html');
      expect(entry.content).toMatch(/^<p>/);
    });
  });
});

describe('llms.txt', () => {
  it('names the MCP endpoint, the sandbox with its key, and the changelog feed', async () => {
    const text = (await site.app.inject('/llms.txt')).body;
    expect(text).toContain(`MCP server: ${publicUrl}/mcp `);
    expect(text).toContain(`${publicUrl}/sandbox/v1/contacts`);
    expect(text).toContain('`Authorization: Bearer gm_test_sandbox`');
    expect(text).toContain(`${publicUrl}/developers/changelog.atom`);
  });
});
