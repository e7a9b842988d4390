/**
 * Lighthouse (mobile, its default simulated throttling) against the production-mode server on
 * the current build, with Debian's Chromium, each page beside a blank control page measured in
 * the same run. Prints a table per page and exits 1 when a page misses issue 21's targets:
 * - performance at least 98, while the control scores at least 99;
 * - total blocking time within 50 ms of the control's median;
 * - largest contentful paint at most 1.5 s, and no layout shift;
 * - accessibility, best practices and SEO 100 (SEO is not asked of a noindex page).
 *
 *   npm run bench:lighthouse                 # every page
 *   npm run bench:lighthouse -- / /pricing   # some pages
 *   LIGHTHOUSE_RUNS=3 npm run bench:lighthouse
 *
 * Each page runs LIGHTHOUSE_RUNS times (default 5), each run after a run of the control, and the
 * medians are reported, as Lighthouse advises: one run on a shared machine is noise.
 *
 * The control says what the machine itself costs: Lighthouse multiplies every main-thread task
 * by four, the browser's own work included, so on a busy machine even a page of one heading
 * measures long tasks. When the control's median score for a page is under 99, the machine, not
 * the page, set the figures: the bench says so and measures that page again, up to
 * LIGHTHOUSE_RETRIES times (default 2), and a page still spoiled then is reported as unjudged
 * (exit 2), neither passed nor failed.
 */
import { createServer as createHttpServer } from 'node:http';
import type { Result } from 'lighthouse';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { controlHtml, freePort, lighthouseRun, median } from './lighthouse-runs.ts';

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const retries = Math.max(0, Number(process.env.LIGHTHOUSE_RETRIES ?? 2));
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** How far a page's median blocking time may be above the control's. */
const maxExtraBlockingMs = 50;
const maxLcpMs = 1500;
/** Below this the control says the machine was too busy to judge a page. */
const controlScore = 99;

/** The target for each category on a page, given whether it may be indexed. */
const targetsFor = ({ indexed }: { indexed: boolean }) => ({
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: indexed ? 100 : 0,
});

const port = await freePort();
const origin = `http://localhost:${port}`;
const config = loadConfig({
  SITE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: origin,
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config });
await app.listen({ port, host: '127.0.0.1' });
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : app.site.routes();

const control = createHttpServer((_, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(controlHtml);
});
const controlPort = await freePort();
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
const controlUrl = `http://localhost:${controlPort}/`;

/** One run of a URL, in the given categories. */
const measure = (url: string, only: readonly string[] = categories): Promise<Result> =>
  lighthouseRun(url, { onlyCategories: [...only] });

const blockingMs = (lhr: Result) => Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
const lcpMs = (lhr: Result) => Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
const score = (lhr: Result, category: (typeof categories)[number]) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** LIGHTHOUSE_RUNS runs of a page, each after a run of the control. */
async function measurePage(page: string) {
  const results: Result[] = [];
  const controls: Result[] = [];
  for (let run = 0; run < runs; run += 1) {
    controls.push(await measure(controlUrl, ['performance']));
    results.push(await measure(`${origin}${page}`));
  }
  return { results, controls };
}

const rows: Record<string, Record<string, number | string>> = {};
let failed = false;
let unjudged = false;
try {
  for (const page of pages) {
    let measured = await measurePage(page);
    for (let attempt = 0; attempt < retries; attempt += 1) {
      const control = median(measured.controls.map((lhr) => score(lhr, 'performance')));
      if (control >= controlScore) break;
      console.log(
        `  ${page}: the blank control scored ${control} (under ${controlScore}): this machine is too busy to judge; measuring again`,
      );
      measured = await measurePage(page);
    }
    const { results, controls } = measured;
    const controlPerformance = median(controls.map((lhr) => score(lhr, 'performance')));
    const controlBlocking = median(controls.map(blockingMs));
    const spoiled = controlPerformance < controlScore;
    // The run with the median performance score stands for the page's other categories and audits.
    const lhr = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[
      Math.floor(results.length / 2)
    ]!;
    const indexed = lhr.audits['is-crawlable']?.score !== 0;
    const targets = targetsFor({ indexed });
    const row: Record<string, number | string> = {};
    const misses: string[] = [];
    for (const category of categories) {
      const value =
        category === 'performance' ? median(results.map((each) => score(each, category))) : score(lhr, category);
      row[category] = value;
      if (value < targets[category]) misses.push(category);
    }
    const blocking = median(results.map(blockingMs));
    const lcp = median(results.map(lcpMs));
    row['TBT ms'] = blocking;
    row['control TBT ms'] = controlBlocking;
    row['control score'] = controlPerformance;
    row['LCP ms'] = lcp;
    row.CLS = lhr.audits['cumulative-layout-shift']?.displayValue ?? '';
    row.runs = results.map((each) => score(each, 'performance')).join(' ');
    if (blocking > controlBlocking + maxExtraBlockingMs) misses.push('TBT');
    if (lcp > maxLcpMs) misses.push('LCP');
    if (row.CLS !== '0') misses.push('CLS');
    row.verdict = spoiled ? 'unjudged (busy machine)' : misses.length > 0 ? `misses ${misses.join(', ')}` : 'meets';
    if (spoiled) unjudged = true;
    else if (misses.length > 0) failed = true;
    rows[page] = row;
    // A line as each page ends: a sweep of every page takes most of an hour, and the table comes last.
    console.log(
      `  ${page}: performance ${row.performance} (${row.runs}), TBT ${blocking} ms (control ${controlBlocking}), ` +
        `LCP ${lcp} ms: ${row.verdict}`,
    );
    // Name what kept a category below 100, so the table is actionable.
    for (const category of categories) {
      const refs = lhr.categories[category]?.auditRefs ?? [];
      for (const ref of refs) {
        const item = lhr.audits[ref.id];
        if (ref.weight > 0 && item && item.score !== null && item.score < 0.9 && category !== 'performance')
          console.log(`  ${page} ${category}: ${item.title}`);
      }
    }
  }
} finally {
  await app.close();
  control.close();
}

console.table(rows);
console.log(
  `Targets: performance ≥ 98 with the control ≥ ${controlScore}; blocking time ≤ the control's median + ${maxExtraBlockingMs} ms; ` +
    `LCP ≤ ${maxLcpMs} ms; layout shift 0; accessibility, best practices and SEO 100 (SEO not for a noindex page). ` +
    (failed
      ? 'Some page misses them.'
      : unjudged
        ? 'No page missed them, but the machine was too busy to judge some: run again when it is quieter.'
        : 'All pages meet them.'),
);
process.exitCode = failed ? 1 : unjudged ? 2 : 0;
