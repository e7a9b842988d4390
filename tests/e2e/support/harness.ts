import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';

export const viewports = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
export type Viewport = (typeof viewports)[number];

/** A fake address for the separate app site; tests answer its requests themselves. */
export const testAppUrl = 'https://app.growmail.test';

/** The real server on the exported site, on a free loopback port. */
export async function startSite(env: Record<string, string> = {}) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SITE_ENV: 'testing',
    DATABASE_URL: 'sqlite::memory:',
    APP_URL: testAppUrl,
    // Every request comes from 127.0.0.1; tests of the limit itself set their own.
    RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  const app = await buildApp({ config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** Debian's Chromium (CHROMIUM_PATH overrides), headless, with a fresh profile and no network chatter. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type PageProblems = { console: string[]; failed: string[] };

/**
 * A page at a viewport that records console errors (CSP violations land there) and failed
 * requests, and answers the fake app site so navigations to it can be asserted.
 */
export async function openPage(
  browser: Browser,
  viewport: Viewport,
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.name === 'mobile',
    hasTouch: viewport.name === 'mobile',
  });
  await context.route(`${testAppUrl}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>App</title><h1>App</h1>' }),
  );
  const page = await context.newPage();
  const problems: PageProblems = { console: [], failed: [] };
  page.on('console', (message) => {
    // A failed response is reported with its URL below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.console.push(message.text());
  });
  page.on('pageerror', (error) => problems.console.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // Prefetches cut short by the next navigation abort; that is not a fault.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (!request.url().startsWith(testAppUrl)) problems.failed.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  return { context, page, problems };
}
