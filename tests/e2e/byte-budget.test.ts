import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoSettled } from '@growmail/test-support/settle';
import { useSite, viewports, type Viewport } from '@growmail/test-support/site';

/**
 * Issue 21's byte budgets, for every page the build made (the server's route list, so a page
 * added later is held too) at both viewports. Bytes are what the server sends: the body in
 * brotli where it compresses (as a browser asks), as it is otherwise (fonts, images).
 */
const KB = 1024;
/** Everything fetched before any interaction or scroll: 45 KB on legal and docs pages (in either language), 60 KB elsewhere. */
const firstViewBudget = (route: string) =>
  /^(\/fr)?\/(terms|privacy|developers)(\/|$)/.test(route) ? 45 * KB : 60 * KB;
/** The HTML and the CSS the first render waits for: two round trips' worth. */
const renderBudget = 28 * KB;
/** Web fonts fetched before the first render. */
const fontBudget = 15 * KB;

const site = useSite();

const kinds = ['html', 'css', 'font', 'image', 'script', 'other'] as const;
type Kind = (typeof kinds)[number];
const kindOf = (request: Request): Kind => {
  switch (request.resourceType()) {
    case 'document':
      return 'html';
    case 'stylesheet':
      return 'css';
    case 'font':
      return 'font';
    case 'image':
      return 'image';
    case 'script':
      return 'script';
    default:
      return 'other';
  }
};

/** Bytes the server sends for a path, read once per path (hashed assets are shared by many pages). */
const sentBytes = new Map<string, Promise<number>>();
function bytesOf(path: string): Promise<number> {
  let bytes = sentBytes.get(path);
  if (!bytes) {
    bytes = site.app.inject({ url: path, headers: { 'accept-encoding': 'br, gzip' } }).then((response) => {
      expect(response.statusCode, path).toBe(200);
      return response.rawPayload.length;
    });
    sentBytes.set(path, bytes);
  }
  return bytes;
}

type FirstView = { route: string; bytes: Record<Kind, number>; total: number; render: number; images: string[] };

/**
 * Loads a page at a viewport in a fresh context and waits until it has done what it does by
 * itself, without scrolling or touching it; then sums what it fetched by kind, and the HTML plus
 * the stylesheets the browser marked render-blocking.
 */
async function firstView(viewport: Viewport, route: string): Promise<FirstView> {
  const { page, context } = await site.openPage(viewport);
  const fetched = new Map<string, Kind>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    // An SVG sprite that <use> fetches is an image too, though Chromium files it under "other".
    const kind = /\.(svg|png|jpe?g|gif|webp|avif)$/.test(url.pathname) ? 'image' : kindOf(request);
    if (url.origin === site.url) fetched.set(url.pathname + url.search, kind);
  });
  await gotoSettled(page, `${site.url}${route}`);
  const blocking = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      // Chromium's renderBlockingStatus, which TypeScript's DOM types do not know yet.
      .filter(
        (entry) =>
          (entry as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking',
      )
      .map((entry) => new URL(entry.name).pathname),
  );
  const images = await imageProblems(page);
  await context.close();
  const bytes = Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<Kind, number>;
  let render = 0;
  for (const [path, kind] of fetched) {
    const size = await bytesOf(path);
    bytes[kind] += size;
    if (kind === 'html' || (kind === 'css' && blocking.includes(path))) render += size;
  }
  return { route, bytes, total: Object.values(bytes).reduce((sum, each) => sum + each, 0), render, images };
}

/**
 * Every raster image shown at the size it is drawn (at most a quarter wider than its box at the
 * screen's pixel ratio), as AVIF or WebP with a fallback in a <picture>. Vector images (SVG) scale.
 */
function imageProblems(page: Page) {
  return page.evaluate(() =>
    [...document.images]
      .filter((image) => image.complete && image.naturalWidth > 0 && !/\.svg(\?|$)/.test(image.currentSrc))
      .flatMap((image) => {
        const problems: string[] = [];
        const shown = image.getBoundingClientRect().width * devicePixelRatio;
        if (image.naturalWidth > Math.ceil(shown * 1.25))
          problems.push(`${image.currentSrc}: ${image.naturalWidth} px wide, shown at ${Math.round(shown)}`);
        const sources = [...(image.parentElement?.querySelectorAll('source') ?? [])].map((source) => source.type);
        if (image.parentElement?.localName !== 'picture' || !sources.some((type) => /image\/(avif|webp)/.test(type)))
          problems.push(`${image.currentSrc}: not offered as AVIF or WebP in a <picture>`);
        return problems;
      }),
  );
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

describe.concurrent.each(viewports)('the byte budgets at $name size', (viewport) => {
  it('keeps every page within its first-view, render, font and image budgets', async () => {
    const views: FirstView[] = [];
    for (const route of site.app.site.routes()) views.push(await firstView(viewport, route));
    console.log(
      `First view at ${viewport.name}, KB as sent (HTML + CSS / font / images / JS = total; first render):\n` +
        views
          .map(
            ({ route, bytes, total, render }) =>
              `${route} ${kb(bytes.html)} + ${kb(bytes.css)} / ${kb(bytes.font)} / ${kb(bytes.image)} / ${kb(bytes.script)}` +
              `${bytes.other > 0 ? ` / other ${kb(bytes.other)}` : ''} = ${kb(total)}; ${kb(render)}`,
          )
          .join('\n'),
    );
    expect(
      views
        .filter(({ route, total }) => total > firstViewBudget(route))
        .map(({ route, total }) => `${route}: ${kb(total)} KB first view, over ${kb(firstViewBudget(route))} KB`),
    ).toEqual([]);
    expect(
      views
        .filter(({ render }) => render > renderBudget)
        .map(({ route, render }) => `${route}: ${kb(render)} KB of HTML and render-blocking CSS`),
    ).toEqual([]);
    expect(
      views
        .filter(({ bytes }) => bytes.font > fontBudget)
        .map(({ route, bytes }) => `${route}: ${kb(bytes.font)} KB of font`),
    ).toEqual([]);
    expect(views.flatMap(({ route, images }) => images.map((problem) => `${route}: ${problem}`))).toEqual([]);
  }, 600_000);
});

describe('Save-Data', () => {
  it.each(viewports)('sends no web font at $name size to a visitor who asks to save data', async (viewport) => {
    // /demo is made for each answer (its open slots), as a form's error page is.
    for (const route of ['/', '/terms', '/developers', '/contact', '/demo']) {
      const { page, context } = await site.openPage(viewport);
      await context.setExtraHTTPHeaders({ 'save-data': 'on' });
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fonts.push(request.url());
      });
      await gotoSettled(page, `${site.url}${route}`);
      // The text is still drawn, in the fallback face.
      expect(await page.locator('h1').first().isVisible()).toBe(true);
      await context.close();
      expect(fonts, route).toEqual([]);
    }
  });

  it('sends the brand font to everyone else, and tells caches the page varies with Save-Data', async () => {
    const plain = await site.app.inject({ url: '/terms' });
    const saving = await site.app.inject({ url: '/terms', headers: { 'save-data': 'on' } });
    expect(plain.body).toMatch(/<link rel="preload" href="[^"]+\.woff2" as="font"/);
    expect(saving.body).not.toMatch(/\.woff2/);
    for (const response of [plain, saving]) expect(response.headers.vary).toMatch(/Save-Data/);
  });

  it('sends no web font on a page made for one answer, such as a form sent back with its problems', async () => {
    const problems = (headers: Record<string, string>) =>
      site.app.inject({
        method: 'POST',
        url: '/contact',
        payload: 'form_name=enquiry&name=&email=',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const [plain, saving] = await Promise.all([problems({}), problems({ 'save-data': 'on' })]);
    expect(saving.statusCode).toBe(plain.statusCode);
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    expect(plain.body).toMatch(/\.woff2/);
    expect(saving.body).not.toMatch(/\.woff2/);
  });
});
