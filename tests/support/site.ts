import { createServer, type AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '@growmail/server/app';
import { loadConfig } from '@growmail/server/config';
import { scriptsOff } from './axe.ts';
import { connectChromium, type Build } from './chromium.ts';
import { encodedStore } from './encoded-store.ts';
import { watchRequests } from './settle.ts';

export const viewports = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
/** One of `viewports`, or another width of the same two kinds (a phone, or a desktop's window). */
export type Viewport = { name: (typeof viewports)[number]['name']; width: number; height: number };

/** A fake address for the separate app site; tests answer its requests themselves. */
export const testAppUrl = 'https://app.growmail.test';

/** Environment variables for the server, on top of the test defaults below. */
export type SiteEnv = Record<string, string>;

/** A free loopback port, for a server whose PUBLIC_URL must name its port before it listens. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The real server on the exported site, on a free loopback port. `localhost` serves it as
 * http://localhost:<port> with PUBLIC_URL to match: Chromium refuses WebAuthn on an IP address.
 */
async function startSite(env: Record<string, string> = {}, { localhost = false } = {}) {
  const port = localhost ? await freePort() : 0;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SITE_ENV: 'testing',
    DATABASE_URL: 'sqlite::memory:',
    APP_URL: testAppUrl,
    // Every request comes from 127.0.0.1; tests of the limit itself set their own.
    RATE_LIMIT_PER_MINUTE: '1000',
    DEMO_BOOKINGS_PER_ADDRESS_PER_DAY: '1000',
    // A browser driven by a test fills a form faster than a person; the stamp test sets its own.
    FORM_MIN_FILL_SECONDS: '0',
    // A build elsewhere (a copy kept apart from a rebuild in progress) when SITE_DIR names one.
    ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
    ...(localhost ? { PUBLIC_URL: `http://localhost:${port}` } : {}),
    ...env,
  });
  const store = encodedStore();
  const app = await buildApp({ config, ...(store ? { encodedStore: store } : {}) });
  await app.listen({ port, host: '127.0.0.1' });
  const bound = (app.server.address() as AddressInfo).port;
  return { app, url: `http://${localhost ? 'localhost' : '127.0.0.1'}:${bound}`, close: () => app.close() };
}

/**
 * `javaScript: false` opens the page as Opera Mini or a script that never arrived leaves it
 * (issue 20); `timezoneId` is the browser's own zone (an IANA name), else the machine's;
 * `serviceWorkers: 'allow'` lets the site's worker (D39) register and take the page's requests.
 * It is blocked unless a test asks for it: requests the worker makes are not seen by the page's
 * routes (what `holdRequests` and `failRequests` hold back or fail), and with it a lead the
 * island cannot send goes to the worker; tests/e2e/offline.test.ts and webpush.test.ts test it.
 */
export type PageOptions = {
  javaScript?: boolean;
  timezoneId?: string;
  serviceWorkers?: 'allow' | 'block';
  /** A person's browser rather than Headless Chromium, which the visit counter takes for a bot (D42). */
  userAgent?: string;
};

export type PageProblems = { console: string[]; failed: string[] };
export type OpenedPage = { context: BrowserContext; page: Page; problems: PageProblems };

/**
 * A page at a viewport that records console errors (CSP violations land there) and failed
 * requests, and answers the fake app site so navigations to it can be asserted.
 */
async function openPage(browser: Browser, viewport: Viewport, options: PageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.name === 'mobile',
    hasTouch: viewport.name === 'mobile',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (options.javaScript === false) scriptsOff.add(context);
  await context.route(`${testAppUrl}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>App</title><h1>App</h1>' }),
  );
  const page = await context.newPage();
  // Counted from the start, for settled() and gotoSettled() in ./settle.ts.
  watchRequests(page);
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

type StartedSite = Awaited<ReturnType<typeof startSite>>;

/** What a test reads from `useSite()`; each getter throws if read before the site has started. */
export type Site = {
  /** The server's base URL, `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly url: string;
  /** The Fastify app behind it: its database (`app.db`), its routes (`app.site`), `app.inject()`. */
  readonly app: StartedSite['app'];
  /** A connection to the run's Chromium (tests/support/chromium.ts), for the tests that registered this site. */
  readonly browser: Browser;
  /** A fresh browser context and page at a viewport; see `openPage` above. Close the context after. */
  openPage: (viewport: Viewport, options?: PageOptions) => Promise<OpenedPage>;
};

/**
 * Starts the real server (and connects to Chromium, unless `browser: false`; the headless shell
 * unless `browser: 'full'`, see tests/support/chromium.ts) before the tests of
 * the surrounding file or `describe`, and stops both after them: it registers its own `beforeAll`
 * and `afterAll`, so a test file needs no hooks of its own for them.
 *
 * Call it at the top level of a test file, or inside a `describe` for a server with other
 * settings. `env` is added to the test defaults; pass a function when a value is only known
 * once earlier hooks have run (a free port, another server's URL). Hooks run in the order they
 * were registered and are undone in reverse (Vitest's default `sequence.hooks: 'stack'`), so a
 * resource started by a `beforeAll` above the call is still running when this site stops.
 */
export function useSite(
  env: SiteEnv | (() => SiteEnv | Promise<SiteEnv>) = {},
  { browser: withBrowser = true, localhost = false }: { browser?: boolean | Build; localhost?: boolean } = {},
): Site {
  let site: StartedSite | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const resolved = typeof env === 'function' ? await env() : env;
    // Started side by side. Both are waited for, and each is kept once it is up, so that if one
    // fails afterAll still closes the other.
    const results = await Promise.allSettled([
      startSite(resolved, { localhost }).then((started) => (site = started)),
      withBrowser
        ? connectChromium(withBrowser === true ? 'shell' : withBrowser).then((launched) => (browser = launched))
        : undefined,
    ]);
    for (const result of results) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const started = () => {
    if (!site) throw new Error('useSite(): the site starts in beforeAll; read it inside a test or a later hook');
    return site;
  };
  const launched = () => {
    if (!withBrowser) throw new Error('useSite(): this site was registered with { browser: false }');
    if (!browser) throw new Error('useSite(): Chromium starts in beforeAll; read it inside a test or a later hook');
    return browser;
  };
  return {
    get url() {
      return started().url;
    },
    get app() {
      return started().app;
    },
    get browser() {
      return launched();
    },
    openPage: (viewport, options) => openPage(launched(), viewport, options),
  };
}
