import { build } from 'esbuild';

/**
 * public/gm-service-worker.js, the site's one worker (D39): src/worker/site-worker.ts bundled
 * with the SDK's push handlers and Workbox, minified, as a classic script. The service worker's
 * scope can only be the folder it is served from or below, hence the site's root (spec "Calls
 * made": scope /). The SDK's own gm-service-worker.js stays as it is, for customers' sites.
 */
await build({
  entryPoints: [new URL('../src/worker/site-worker.ts', import.meta.url).pathname],
  outfile: new URL('../public/gm-service-worker.js', import.meta.url).pathname,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  legalComments: 'none',
  // Workbox logs in development builds only.
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: { '@': new URL('../src', import.meta.url).pathname },
  logLevel: 'warning',
});
