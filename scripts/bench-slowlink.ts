/**
 * First paint on a slow link (issue 41, D43): Lighthouse at 400 kbps, a 300 ms round trip and
 * 4× CPU slowdown, in both of its throttling modes, against the production-mode server on the
 * current build, with Debian's Chromium. Each page runs beside a blank page that the same server
 * answers in the same run, and the bench prints each one's FCP and LCP and their distance from
 * the blank page's:
 * - simulated throttling models TCP's first window, but paints only once the whole document has
 *   arrived: a page's LCP may be at most 600 ms behind the blank page's;
 * - DevTools throttling streams the document, but models no TCP window, and waits a round trip
 *   for every request: its FCP and LCP may be at most 300 ms (one round trip) behind.
 * It exits 1 when a page misses either.
 *
 *   npm run bench:slowlink                  # every page of the route list
 *   npm run bench:slowlink -- / /terms      # some pages
 *   SLOWLINK_RUNS=3 npm run bench:slowlink
 *   SITE_DIR=/tmp/site/dist node scripts/bench-slowlink.ts   # a copy of a build, without building
 *   SLOWLINK_MODES=devtools npm run bench:slowlink              # one mode (simulate or devtools)
 *
 * Each page runs SLOWLINK_RUNS times (default 5) in each mode, each run after a run of the blank
 * page, and the medians are reported: one run on a shared machine is noise.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Config, Result } from 'lighthouse';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { controlHtml, freePort, lighthouseRun, median } from './lighthouse-runs.ts';

const runs = Math.max(1, Number(process.env.SLOWLINK_RUNS ?? 5));
const link = { rttMs: 300, throughputKbps: 400, cpuSlowdownMultiplier: 4 };
/** Lighthouse's own adjustment for DevTools throttling, which applies latency per request, not per round trip. */
const devtoolsLatencyFactor = 3.75;
const devtoolsThroughputFactor = 0.9;

const modes = {
  simulate: {
    throttlingMethod: 'simulate',
    throttling: { ...link, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
  },
  devtools: {
    throttlingMethod: 'devtools',
    throttling: {
      ...link,
      requestLatencyMs: link.rttMs * devtoolsLatencyFactor,
      downloadThroughputKbps: link.throughputKbps * devtoolsThroughputFactor,
      uploadThroughputKbps: link.throughputKbps * devtoolsThroughputFactor,
    },
  },
} as const satisfies Record<string, NonNullable<Config['settings']>>;
type Mode = keyof typeof modes;
/** The modes to run: SLOWLINK_MODES names some (comma-separated), or both. */
const runModes = (process.env.SLOWLINK_MODES?.split(',') ?? Object.keys(modes)).map((mode) => {
  if (!(mode in modes)) throw new Error(`SLOWLINK_MODES: no mode ${mode} (simulate or devtools)`);
  return mode as Mode;
});

/** How far behind the blank page each mode allows a page's FCP and LCP (undefined: not judged). */
const allowedMs: Record<Mode, { fcp?: number; lcp: number }> = {
  simulate: { lcp: 600 },
  devtools: { fcp: 300, lcp: 300 },
};

/** Where the blank page answers, on the site's own server. */
const blankPath = '/__slowlink-blank';

const port = await freePort();
const origin = `http://localhost:${port}`;
const config = loadConfig({
  SITE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: origin,
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'silent',
  // A copy of a build elsewhere, kept apart from a rebuild in progress, when SITE_DIR names one.
  ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
});
// The same Node server answers the blank page and the site, so the two share its sockets and
// its event loop: only the pages differ.
const app = await buildApp(
  { config },
  {
    serverFactory: (handler: RequestListener) =>
      createServer((request: IncomingMessage, response: ServerResponse) => {
        if (request.url !== blankPath) return handler(request, response);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(controlHtml);
      }),
  },
);
await app.listen({ port, host: '127.0.0.1' });
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : app.site.routes();

const measure = (url: string, mode: Mode) =>
  lighthouseRun(
    url,
    {},
    // The two paints alone: Lighthouse then gathers only the trace and the network log they need.
    {
      extends: 'lighthouse:default',
      settings: { onlyAudits: ['first-contentful-paint', 'largest-contentful-paint'], ...modes[mode] },
    },
  );
const ms = (lhr: Result, audit: 'first-contentful-paint' | 'largest-contentful-paint') =>
  Math.round(lhr.audits[audit]?.numericValue ?? Number.NaN);

type Paints = { fcp: number; lcp: number };
/** SLOWLINK_RUNS runs of a page in a mode, each after a run of the blank page: the medians of each. */
async function measurePage(page: string, mode: Mode): Promise<{ page: Paints; blank: Paints }> {
  const pageRuns: Result[] = [];
  const blankRuns: Result[] = [];
  for (let run = 0; run < runs; run += 1) {
    blankRuns.push(await measure(`${origin}${blankPath}`, mode));
    pageRuns.push(await measure(`${origin}${page}`, mode));
  }
  const medians = (results: Result[], name: string) => {
    const paints = {
      fcp: results.map((lhr) => ms(lhr, 'first-contentful-paint')),
      lcp: results.map((lhr) => ms(lhr, 'largest-contentful-paint')),
    };
    // A run Lighthouse found no paint in is left out of the median, and said.
    for (const [paint, values] of Object.entries(paints)) {
      const missing = values.filter((value) => !Number.isFinite(value)).length;
      if (missing > 0) console.log(`  ${mode} ${name}: ${missing} of ${runs} run(s) without ${paint.toUpperCase()}`);
    }
    return { fcp: median(paints.fcp), lcp: median(paints.lcp) };
  };
  return { page: medians(pageRuns, page), blank: medians(blankRuns, `blank beside ${page}`) };
}

const rows: Record<string, Record<string, number | string>> = {};
let failed = false;
try {
  for (const mode of runModes) {
    for (const page of pages) {
      const measured = await measurePage(page, mode);
      const behind = { fcp: measured.page.fcp - measured.blank.fcp, lcp: measured.page.lcp - measured.blank.lcp };
      const misses = (['fcp', 'lcp'] as const).filter((paint) => {
        const allowed = allowedMs[mode][paint];
        return allowed !== undefined && !(behind[paint] <= allowed);
      });
      if (misses.length > 0) failed = true;
      rows[`${mode} ${page}`] = {
        'FCP ms': measured.page.fcp,
        'LCP ms': measured.page.lcp,
        'blank FCP ms': measured.blank.fcp,
        'blank LCP ms': measured.blank.lcp,
        'FCP behind': behind.fcp,
        'LCP behind': behind.lcp,
        verdict: misses.length > 0 ? `misses ${misses.map((paint) => paint.toUpperCase()).join(', ')}` : 'meets',
      };
      // Each page's line says all, so a run stopped part-way still gives its figures.
      console.log(
        `  ${mode} ${page}: FCP ${measured.page.fcp} ms, LCP ${measured.page.lcp} ms; ` +
          `blank ${measured.blank.fcp} / ${measured.blank.lcp} ms; behind ${behind.fcp} / ${behind.lcp} ms`,
      );
    }
  }
} finally {
  await app.close();
}

console.table(rows);
console.log(
  `${runs} run(s) a page in each mode at ${link.throughputKbps} kbps, ${link.rttMs} ms round trip, ` +
    `${link.cpuSlowdownMultiplier}× CPU. Targets: DevTools throttling, FCP and LCP within ${allowedMs.devtools.lcp} ms ` +
    `of the blank page's; simulated throttling, LCP within ${allowedMs.simulate.lcp} ms. ` +
    (failed ? 'Some page misses them.' : 'All pages meet them.'),
);
process.exitCode = failed ? 1 : 0;
