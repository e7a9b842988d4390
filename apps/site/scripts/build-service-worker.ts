import { build, type BuildOptions } from 'esbuild';

/**
 * The site's service workers, each bundled, minified, as a classic script. A worker's scope can
 * only be the folder it is served from or below:
 * - public/gm-service-worker.js, the site's one worker (D39): src/worker/site-worker.ts with the
 *   SDK's push handlers and Workbox, at the site's root (spec "Calls made": scope /). The SDK's
 *   own gm-service-worker.js stays as it is, for customers' sites.
 * - public/team/alerts-worker.js, the console's (issue 54): src/worker/console-worker.ts, which the
 *   server sends at /team/alerts-worker.js, so its scope is the console's and never `/`.
 */
const common: BuildOptions = {
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  legalComments: 'none',
  // Workbox logs in development builds only.
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: { '@': new URL('../src', import.meta.url).pathname },
  logLevel: 'warning',
};
await Promise.all([
  build({
    ...common,
    entryPoints: [new URL('../src/worker/site-worker.ts', import.meta.url).pathname],
    outfile: new URL('../public/gm-service-worker.js', import.meta.url).pathname,
  }),
  build({
    ...common,
    entryPoints: [new URL('../src/worker/console-worker.ts', import.meta.url).pathname],
    outfile: new URL('../public/team/alerts-worker.js', import.meta.url).pathname,
  }),
]);
