import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { startTimeoutMs } from './apps/server/src/start-timeout.ts';

const siteRoot = fileURLToPath(new URL('./apps/site/src/', import.meta.url));
// The site's unit tests run without Astro: its content collections come from this stand-in.
const astroContent = fileURLToPath(new URL('./apps/site/test/astro-content.ts', import.meta.url));

/**
 * Node's compile cache for every process of the run: the workers, which load their
 * dependencies through Node, and the servers and commands the tests start (about a hundred
 * processes, each starting Node on the server's TypeScript). A command line (`leads --help`)
 * took 1.0 s of CPU without it and 0.45 s with it; four files of command-line tests 81 s against
 * 48 s. It lives beside the other caches in node_modules, and a fresh clone fills it in its
 * first processes.
 */
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(new URL('./node_modules/.cache/node-compile/', import.meta.url));

/**
 * One runner, five projects:
 * - unit: pure logic of the contracts, the site and the server;
 * - server: the app through app.inject(), against the exported site;
 * - data: the data layer on SQLite, and on PostgreSQL when it is reachable;
 * - e2e: Chromium through playwright-core against the real server;
 * - publish: the publisher's real builds, run on their own after the others (`npm run test:publish`).
 * The server and e2e projects read apps/site/dist: `npm test` builds it first.
 * Each workspace keeps its tests in its own test/ folder; tests that span workspaces are in
 * tests/e2e, and the helpers they share are the workspace package @growmail/test-support
 * (tests/support; see docs/testing.md).
 */
export default defineConfig({
  resolve: { alias: { '@': siteRoot, 'astro:content': astroContent } },
  test: {
    // Four files at a time in every project, e2e included, on two cores. Vitest's default on
    // such a machine is one, and an e2e file spends much of its time waiting on the browser's
    // frames, its timers and the server. With the full browser, three was best (one quiet
    // machine: two 649 s, three 544 s, four 563 s, the cores 0 % idle). Since most e2e files drive
    // Chromium's headless shell (tests/support/chromium.ts), which takes 40 % less CPU, the e2e
    // project alone at three kept the two cores 45 % busy, and four ran the whole suite in 655 s
    // (1,060 s at three with the full browser, the same machine, the same hour). Files are
    // independent: each starts its own server on a free port with its own database (a fresh
    // PostgreSQL schema, an in-memory SQLite), and shares only the run's Chromiums, in contexts of
    // their own.
    maxWorkers: 4,
    // The server, data and e2e projects run their files one after another in the same worker
    // without a fresh module graph each (`isolate: false` below): every file imported Fastify,
    // Kysely, the server's sources, the on-demand renderer and playwright-core anew, about a fifth
    // of those projects' time. Their files share no module state that a test changes: each builds
    // its own apps, and the two that fake Date restore it after each test. On one machine, the
    // server project alone took 444 s of CPU isolated and 291 s not, and the whole run 1,115 s
    // against 991 s. The unit project stays isolated: its files stub globals (fetch, window). A
    // file in the other three that changes a global or a module's state must undo it after itself.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/site/test/**/*.test.{ts,tsx}',
            'apps/server/test/unit/**/*.test.ts',
            'tests/support/test/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        // Twenty seconds: a test that starts its own servers (two, for a cluster) loads the
        // exported site into each, 0.6 s apiece on a quiet machine and several times that beside
        // two e2e files; Vitest's default five seconds failed such tests in a full run.
        // Their apps are built in beforeAll: a hook gets as long as an app may take to start.
        test: {
          name: 'server',
          include: ['apps/server/test/app/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: startTimeoutMs,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'data',
          include: ['apps/server/test/db/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: startTimeoutMs,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          isolate: false,
          // Its Chromiums (tests/support/chromium.ts), and one store of compressed bodies that
          // each file's server shares (tests/support/encoded-store.ts).
          globalSetup: ['tests/support/chromium.ts', 'tests/support/encoded-store.ts'],
          // Two minutes: a test that walks a form through several page loads with axe at each took
          // 50 s on a slower two-core machine beside another file; a timeout is not a speed test.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // A page hydrates its islands after load; on a busy two-core machine (load average 10
          // in a full run) that took longer than five seconds, so a poll waits up to twenty for
          // what it expects. A poll that is met returns at once, so this costs a passing run
          // nothing.
          expect: { poll: { timeout: 20_000 } },
        },
      },
      {
        extends: true,
        // The publisher's real builds (D45), 30–60 s each: outside `npm test`, which has about 50 s
        // to spare in its twelve minutes, and run by `npm run test:publish`, CI's step after it.
        test: {
          name: 'publish',
          include: ['apps/server/test/publish/**/*.test.ts', 'tests/publish/**/*.test.ts'],
          globalSetup: ['tests/support/chromium.ts', 'tests/support/encoded-store.ts'],
          // Above the publisher's own five minutes for a build: a busy machine took three.
          testTimeout: 360_000,
          hookTimeout: startTimeoutMs,
        },
      },
    ],
  },
});
