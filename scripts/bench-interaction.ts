/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * How long a visitor's first tap waits for its answer on a budget phone (issue 57): Chromium at
 * 390 px, 4× CPU slowdown and a 1.6 Mbps / 150 ms link (Lighthouse's mobile profile), each page
 * loaded in a fresh context and left 3 s to settle, then one tap, timed from the tap's
 * `pointerdown` until the page has answered it: a MutationObserver on the answering element sees
 * the answer, and the time is read at the next animation frame after it.
 *
 *   npm run bench:interaction                         # every row
 *   npm run bench:interaction -- pricing contact      # rows whose name contains a word
 *   INTERACTION_RUNS=3 npm run bench:interaction
 *   INTERACTION_BASELINE=/tmp/old-dist node scripts/bench-interaction.ts   # another build beside this one
 *   SITE_DIR=/tmp/old-dist node scripts/bench-interaction.ts               # another build alone
 *
 * With INTERACTION_BASELINE, each run of a row loads the baseline's page and then this build's,
 * so a busy machine slows both alike; the table gives both medians and their ratio. It also
 * gives the script bytes fetched (as sent, compressed) between load and the tap and after the tap.
 */
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { mintUnsubscribeLink } from '../apps/server/src/services/users/tracking.ts';

const runs = Math.max(1, Number(process.env.INTERACTION_RUNS ?? 5));
const slowdown = 4;
/** Lighthouse's mobile link: 1.6 Mbps down, 750 Kbps up, 150 ms round trip. */
const link = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const settleMs = 3000;

/** What counts as the answer, read in the page on each mutation of the island the tap is in. */
type Answer = 'any' | 'total' | 'text' | 'field-error' | 'lead';
type App = Awaited<ReturnType<typeof buildApp>>;
type Row = {
  name: string;
  /** The page, or how to get one (a personal link's, made on the server under test). */
  path: string | ((app: App) => Promise<string>);
  /** What the visitor taps, as a Playwright selector. */
  tap: string;
  answer: Answer;
  /** For `text`: the words that answer. */
  text?: string;
};

const rows: Row[] = [
  {
    name: 'pricing: tick Marketing Automation',
    path: '/pricing',
    tap: 'label:has-text("Marketing Automation") input[data-module]',
    answer: 'total',
  },
  {
    name: 'calculator: Estimate empty',
    path: '/calculator/calculate',
    tap: 'form[data-form="savings"] button[type="submit"]',
    answer: 'text',
    text: 'Please fill all fields.',
  },
  {
    name: 'contact: Send empty',
    path: '/contact',
    tap: 'form[data-form="enquiry"] button[type="submit"]',
    answer: 'field-error',
  },
  {
    name: 'home contact: Send empty',
    path: '/',
    tap: 'form[data-form="enquiry"] button[type="submit"]',
    answer: 'field-error',
  },
  // A lead form's press with fields empty is answered by its button turning disabled, or by errors.
  {
    name: 'demo: Send empty',
    path: '/demo',
    tap: 'form[data-form="demo"] button[type="submit"] >> nth=0',
    answer: 'lead',
  },
  {
    name: 'startup: Send empty',
    path: '/startup',
    tap: 'form[data-form="startup"] button[type="submit"]',
    answer: 'lead',
  },
  // Sending these forms changes something on the server: the answer is the sending state.
  {
    name: 'preferences: Save',
    path: (app) => subscriberLink(app, 'preferences'),
    tap: 'form[data-form="preferences"] button[type="submit"]',
    answer: 'any',
  },
  {
    name: 'confirm: Confirm',
    path: (app) => subscriberLink(app, 'confirm'),
    tap: 'main form button[type="submit"]',
    answer: 'any',
  },
  {
    name: 'docs search: open',
    path: '/developers',
    tap: 'astro-island[component-url*="docs-search"] button >> nth=0',
    answer: 'any',
  },
  {
    name: 'copy button: copy',
    path: '/developers/reference/get-started',
    tap: 'astro-island[component-url*="copy-button"] button >> nth=0',
    answer: 'any',
  },
  {
    name: 'partner carousel: a dot',
    path: '/',
    tap: 'astro-island[component-url*="carousel"] button[aria-label^="Show"] >> nth=1',
    answer: 'any',
  },
];

let subscribers = 0;
/** A fresh subscriber's link: the newsletter's confirmation link, or (once confirmed) the preferences link of our emails. */
async function subscriberLink(app: App, kind: 'confirm' | 'preferences'): Promise<string> {
  subscribers += 1;
  const email = `bench.${subscribers}@example.com`;
  const captured = await app.inject({
    url: `/services/users/api/contacts/${app.config.siteApiKey}/capture/?email=${encodeURIComponent(email)}`,
  });
  if (captured.statusCode !== 200) throw new Error(`capture: ${captured.statusCode} ${captured.body}`);
  const mail = (await app.mail.all())
    .filter((row) => row.topic === 'newsletter:confirm')
    .map((row) => JSON.parse(row.message) as { to: string; text: string })
    .find((message) => message.to === email);
  const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/.exec(mail?.text ?? '')![0]);
  if (kind === 'confirm') return `${link.pathname}${link.search}`;
  const confirmed = await app.inject({
    method: 'POST',
    url: '/services/users/newsletter/confirm',
    payload: { token: link.searchParams.get('token') },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode}`);
  return new URL((await mintUnsubscribeLink(app, app.config, email))!).pathname;
}

/**
 * Installed before the page's own scripts: the tap's time, and a watch on the tapped island that
 * resolves at the first animation frame after the answer appeared.
 */
function watcher() {
  const state = window as unknown as { tapAt?: number; answered?: Promise<number> };
  window.addEventListener('pointerdown', (event) => (state.tapAt ??= event.timeStamp), { capture: true });
  (window as unknown as { watchAnswer: (selector: string, answer: string, text: string) => void }).watchAnswer = (
    selector,
    answer,
    text,
  ) => {
    const tapped = document.querySelector(selector);
    const island = tapped?.closest('astro-island') ?? document.body;
    const totalOf = () => island.querySelector('[data-testid="growth-total"] [data-testid="price"]')?.textContent ?? '';
    const before = totalOf();
    // What a visitor reads: the text, or a message the stylesheet draws from the attribute before
    // React has come (components/forms/first-answer.tsx).
    const words = (element: Element) => `${element.getAttribute('data-early-error') ?? ''}${element.textContent ?? ''}`;
    const visible = (element: Element) => !element.closest('[hidden]') && words(element).trim() !== '';
    const done = (mutations: MutationRecord[]) => {
      switch (answer) {
        case 'total':
          return totalOf() !== before;
        case 'text':
          return [...island.querySelectorAll('[role="alert"], p')].some(
            (element) => visible(element) && words(element).includes(text),
          );
        case 'field-error':
          return [...island.querySelectorAll('[data-field-error], [data-error-summary]')].some(visible);
        case 'lead':
          return (
            [...island.querySelectorAll('[data-field-error], [data-error-summary], [role="alert"]')].some(visible) ||
            (tapped instanceof HTMLButtonElement && tapped.disabled)
          );
        default:
          // Anything but Astro's own bookkeeping on the island element.
          return mutations.some((mutation) => mutation.target !== island);
      }
    };
    state.answered = new Promise((resolve) => {
      const observer = new MutationObserver((mutations) => {
        if (!done(mutations)) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      });
      observer.observe(island, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  };
}

type Measure = { ms: number; scriptBefore: number; scriptAfter: number };

async function measure(browser: Browser, { app, origin }: Served, row: Row): Promise<Measure> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...link });
  await page.addInitScript(watcher);
  let tapped = false;
  const bytes = { before: 0, after: 0 };
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    if (scripts.has(event.requestId)) bytes[tapped ? 'after' : 'before'] += event.encodedDataLength;
  });
  const scripts = new Set<string>();
  cdp.on('Network.responseReceived', (event: { requestId: string; type: string }) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  try {
    const path = typeof row.path === 'string' ? row.path : await row.path(app);
    await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(settleMs);
    const target = page.locator(row.tap);
    await target.scrollIntoViewIfNeeded();
    // The scroll is a use too (the stylesheet applies at first use): let it settle before the tap.
    await page.waitForTimeout(500);
    const selector = await target.evaluate((element) => {
      element.setAttribute('data-bench-tap', '');
      return '[data-bench-tap]';
    });
    await page.evaluate(
      ([selector, answer, text]) =>
        (window as unknown as { watchAnswer: (s: string, a: string, t: string) => void }).watchAnswer(
          selector!,
          answer!,
          text!,
        ),
      [selector, row.answer, row.text ?? ''],
    );
    tapped = true;
    await target.tap({ timeout: 10_000 });
    const ms = await page.evaluate(async () => {
      const state = window as unknown as { tapAt: number; answered: Promise<number> };
      const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 20_000));
      return (await Promise.race([state.answered, timeout])) - state.tapAt;
    });
    // Let the fetches the tap started finish, for their bytes.
    await page.waitForTimeout(1000);
    return { ms, scriptBefore: bytes.before, scriptAfter: bytes.after };
  } finally {
    await context.close();
  }
}

type Served = { app: App; origin: string };
async function serve(siteDir?: string): Promise<Served> {
  const config = loadConfig({
    SITE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: 'sqlite::memory:',
    LOG_LEVEL: 'silent',
    ...(siteDir ? { SITE_DIR: siteDir } : {}),
  });
  const app = await buildApp({ config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (value: number) => Math.round(value / 102.4) / 10;

const filters = process.argv.slice(2);
const chosen = filters.length > 0 ? rows.filter((row) => filters.some((word) => row.name.includes(word))) : rows;
const current = await serve(process.env.SITE_DIR);
const baseline = process.env.INTERACTION_BASELINE ? await serve(process.env.INTERACTION_BASELINE) : undefined;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});

try {
  const table: Record<string, Record<string, number | string>> = {};
  for (const row of chosen) {
    const now: Measure[] = [];
    const before: Measure[] = [];
    for (let run = 0; run < runs; run += 1) {
      if (baseline) before.push(await measure(browser, baseline, row));
      now.push(await measure(browser, current, row));
    }
    const ms = median(now.map((one) => one.ms));
    const line: Record<string, number | string> = {
      'ms to answer': Math.round(ms),
      'runs (ms)': now.map((one) => Math.round(one.ms)).join(' '),
      'script KB before tap': kb(median(now.map((one) => one.scriptBefore))),
      'script KB after tap': kb(median(now.map((one) => one.scriptAfter))),
    };
    if (baseline) {
      const was = median(before.map((one) => one.ms));
      line['baseline ms'] = Math.round(was);
      line['baseline runs (ms)'] = before.map((one) => Math.round(one.ms)).join(' ');
      line['baseline script KB before/after'] =
        `${kb(median(before.map((one) => one.scriptBefore)))}/${kb(median(before.map((one) => one.scriptAfter)))}`;
      line.ratio = Math.round((ms / was) * 100) / 100;
    }
    table[typeof row.path === 'string' ? `${row.name} (${row.path})` : row.name] = line;
    console.log(`${row.name}: ${JSON.stringify(line)}`);
  }
  console.log(`Median of ${runs} runs each, ${slowdown}× CPU, 1.6 Mbps / 150 ms, 390 px.`);
  console.table(table);
} finally {
  await browser.close();
  await current.app.close();
  await baseline?.app.close();
}
