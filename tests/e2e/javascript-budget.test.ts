import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSite, viewports } from '../support/site.ts';

/** Gzip bytes of JavaScript a page may load, from the issues' budgets. */
function budgetFor(route: string): number {
  if (route === '/') return 170 * 1024;
  if (route === '/pricing' || route.startsWith('/calculator')) return 190 * 1024;
  if (route.startsWith('/developers')) return 175 * 1024;
  return 160 * 1024;
}

const site = useSite();

describe('the JavaScript budget', () => {
  it('keeps the gzip size of the JS each page loads within its budget', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    const over: string[] = [];
    const sizes: Record<string, number> = {};
    for (const route of site.app.site.routes()) {
      const scripts = new Map<string, Promise<Buffer>>();
      const onResponse = (response: Response) => {
        if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
      };
      page.on('response', onResponse);
      await page.goto(`${site.url}${route}`, { waitUntil: 'networkidle' });
      page.off('response', onResponse);
      const bodies = await Promise.all(scripts.values());
      const bytes = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      sizes[route] = bytes;
      const budget = budgetFor(route);
      if (bytes > budget) over.push(`${route}: ${(bytes / 1024).toFixed(1)} KB gzip, budget ${budget / 1024} KB`);
    }
    console.log(
      'JS gzip KB per page:',
      Object.fromEntries(Object.entries(sizes).map(([route, bytes]) => [route, +(bytes / 1024).toFixed(1)])),
    );
    expect(over).toEqual([]);
    await context.close();
  });
});
