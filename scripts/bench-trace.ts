/**
 * Chrome traces of pages beside a blank control, at 4× CPU slowdown, and what each long task
 * (over 50 ms of main-thread time) was spent on. It answers "where does the time go", which
 * Lighthouse's score does not.
 *
 *   npm run bench:trace                          # /terms, /privacy, /pricing and /
 *   npm run bench:trace -- /developers /contact  # other pages
 *   TRACE_RUNS=5 TRACE_DIR=/tmp/traces npm run bench:trace
 *   SITE_DIR=/tmp/old-dist node scripts/bench-trace.ts   # another build, without building
 *
 * Each page is loaded TRACE_RUNS times (default 3), each after a load of the control, in a fresh
 * browser context (nothing cached). Per page it prints the main thread's busy time split by kind
 * of work, and each long task of the median run named by the work that filled it. With TRACE_DIR
 * set, every trace is written there as JSON, to open in Chrome's Performance panel.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { summarise, type Summary, type TraceEvent } from './trace-summary.ts';

const runs = Math.max(1, Number(process.env.TRACE_RUNS ?? 3));
const traceDir = process.env.TRACE_DIR;
const slowdown = 4;
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/terms', '/privacy', '/pricing', '/'];

async function trace(browser: Browser, url: string, label: string, run: number): Promise<Summary> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'blink',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'loading',
      'toplevel',
      'v8.execute',
      '__metadata',
    ],
  });
  await page.goto(url, { waitUntil: 'load' });
  // What runs after load (an idle callback, a late font) belongs to the page too.
  await page.waitForTimeout(1500);
  const buffer = await browser.stopTracing();
  await context.close();
  if (traceDir) await writeFile(join(traceDir, `${label.replace(/\W+/g, '_') || 'home'}-${run}.json`), buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  return summarise(traceEvents);
}

const config = loadConfig({
  SITE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'silent',
  // Another build (a copy kept from before a change, to compare) when SITE_DIR names one.
  ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
});
const app = await buildApp({ config });
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const controlHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Control</title></head>' +
  '<body><main><h1>Control</h1><p>A heading and a line of text.</p></main></body></html>';
const control = createHttpServer((_, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(controlHtml);
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const controlUrl = `http://127.0.0.1:${(control.address() as { port: number }).port}/`;

if (traceDir) await mkdir(traceDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

const median = (summaries: Summary[]) =>
  [...summaries].sort((a, b) => a.busyMs - b.busyMs)[Math.floor(summaries.length / 2)]!;

try {
  const table: Record<string, Record<string, number | string>> = {};
  const controls: Summary[] = [];
  for (const path of pages) {
    const summaries: Summary[] = [];
    for (let run = 0; run < runs; run += 1) {
      controls.push(await trace(browser, controlUrl, 'control', run));
      summaries.push(await trace(browser, `${origin}${path}`, path, run));
    }
    const middle = median(summaries);
    table[path] = { 'busy ms': middle.busyMs, 'long tasks': middle.longTasks.length, ...middle.byKind };
    console.log(`${path}: main thread busy ${middle.busyMs} ms (median of ${runs}, ${slowdown}× slowdown)`);
    for (const task of middle.longTasks)
      console.log(`  long task at ${task.startMs} ms, ${task.durMs} ms: ${task.work}`);
  }
  const middle = median(controls);
  table['blank control'] = { 'busy ms': middle.busyMs, 'long tasks': middle.longTasks.length, ...middle.byKind };
  console.log(`blank control: main thread busy ${middle.busyMs} ms (median of ${controls.length})`);
  for (const task of middle.longTasks) console.log(`  long task at ${task.startMs} ms, ${task.durMs} ms: ${task.work}`);
  console.table(table);
} finally {
  await browser.close();
  await app.close();
  control.close();
}
