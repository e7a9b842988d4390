import { describe, expect, it } from 'vitest';
import { documentBudget, documentBytes } from '@growmail/server/document-budget';
import { brandFaceStorageKey } from '@growmail/contracts/routes';
import { gotoSettled } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';

// Issue 21's byte budgets for every page are held in every-page.test.ts, in one visit per page
// with the other gates; this file holds each document's own size and what a visitor who saves
// data gets.
const site = useSite();

const KB = 1024;

describe('each document', () => {
  it('keeps its markup within its budget, in brotli as the build compresses it', async () => {
    const over: string[] = [];
    const sizes: string[] = [];
    for (const route of site.app.site.routes()) {
      const response = await site.app.inject({ url: route, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, route).toBe(200);
      const bytes = documentBytes(response.body);
      sizes.push(`${route} ${(bytes / KB).toFixed(2)}`);
      if (bytes > documentBudget(route))
        over.push(`${route}: ${(bytes / KB).toFixed(2)} KB, over ${(documentBudget(route) / KB).toFixed(1)} KB`);
    }
    console.log(`Document markup, KB brotli:\n${sizes.join('\n')}`);
    expect(over).toEqual([]);
  });
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
    // A returning visitor, whose page would declare the face before its first paint
    // (components/after-first-paint.tsx): with Save-Data the rule it would declare is not sent.
    const { page, context } = await site.openPage(viewport);
    await context.setExtraHTTPHeaders({ 'save-data': 'on' });
    await page.addInitScript((key) => localStorage.setItem(key, '1'), brandFaceStorageKey);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await gotoSettled(page, `${site.url}/terms`);
    await context.close();
    expect(fonts, 'a returning visitor').toEqual([]);
  });

  it('fetches no script without a tap, with Save-Data or without (issue 57)', async () => {
    // Without Save-Data every page is held to it by every-page.test.ts; these are the pages with islands.
    const fetched: string[] = [];
    for (const saveData of [false, true])
      for (const route of ['/', '/pricing', '/contact', '/calculator/calculate', '/demo', '/developers']) {
        const { page, context } = await site.openPage(viewports[0]);
        if (saveData) await context.setExtraHTTPHeaders({ 'save-data': 'on' });
        page.on('request', (request) => {
          if (request.resourceType() === 'script')
            fetched.push(`${route}${saveData ? ' (Save-Data)' : ''}: ${request.url()}`);
        });
        await gotoSettled(page, `${site.url}${route}`);
        await context.close();
      }
    expect(fetched).toEqual([]);
  });

  it('offers the brand font to everyone else without a preload (D43), and tells caches the page varies with Save-Data', async () => {
    const plain = await site.app.inject({ url: '/terms' });
    const saving = await site.app.inject({ url: '/terms', headers: { 'save-data': 'on' } });
    expect(plain.body).toMatch(/@font-face\{font-family:brandFont;src:url\([^)]+\.woff2\)/);
    expect(plain.body).not.toMatch(/rel="preload"[^>]*as="font"/);
    // The metric-matched fallbacks stay: with Save-Data they draw every page.
    expect(saving.body).toContain('"brandFont Roboto"');
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
