import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import type { Plugin } from 'vite';
import { brandFontSubset } from './src/integrations/brand-font-subset';
import { firstPaintCss } from './src/integrations/first-paint-css';
import { docsMdxOptions } from './src/lib/docs/mdx-plugins';
import { formDirective } from './src/directives/form-integration';
import { interactionDirective } from './src/directives/integration';

const siteFolder = fileURLToPath(new URL('.', import.meta.url));

/**
 * The renderer of the on-demand pages (dist-server) carries React's production build inside it.
 * Left external, React chose its build from NODE_ENV when the server first imported it, and a
 * server started without NODE_ENV (`npm start`, the test runs) rendered every page with React's
 * development build: slower, and with checks meant for a developer. What renders with React comes
 * along (the site's dependencies that have React as a peer), or it would call hooks on a second,
 * external copy of React.
 */
function productionRenderer(): Plugin {
  const manifest = (path: string) =>
    JSON.parse(readFileSync(path, 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
  // Read from the folders Node resolves from, not through `require`: a package's exports need not
  // include its package.json.
  const manifestOf = (name: string) => {
    for (let folder = siteFolder; ; folder = dirname(folder)) {
      const path = join(folder, 'node_modules', name, 'package.json');
      if (existsSync(path)) return manifest(path);
      if (dirname(folder) === folder) throw new Error(`${name} is not installed`);
    }
  };
  // Read when the renderer is built, not when the config loads (`astro sync` loads it too).
  const onReact = () =>
    Object.keys(manifest(join(siteFolder, 'package.json')).dependencies ?? {}).filter(
      (name) => manifestOf(name).peerDependencies?.react !== undefined,
    );
  return {
    name: 'growmail:production-renderer',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'ssr') return;
      return {
        resolve: { noExternal: ['react', 'react-dom', 'scheduler', ...onReact()] },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      };
    },
  };
}

/**
 * The site as static HTML: every page is prerendered, and React runs only in the islands a
 * route shell marks with a client directive. The Fastify server serves `dist/` and adds what a
 * static site cannot (redirects, fallbacks, configuration chosen at start).
 */
export default defineConfig({
  output: 'static',
  // The few pages that differ per answer (`prerender = false`) are rendered on demand inside the
  // Fastify server, through the Node adapter's middleware mode (D35); every other page is built.
  adapter: node({ mode: 'middleware' }),
  // No sessions: nothing on demand keeps state between requests.
  session: false,
  outDir: './dist',
  trailingSlash: 'never',
  // /pricing.html rather than /pricing/index.html: the server maps both, and links carry no slash.
  // The built site stays in dist/, which the server serves; the renderer goes beside it, outside
  // what is served.
  build: { format: 'file', assets: '_astro', client: './', server: '../dist-server/' },
  devToolbar: { enabled: false },
  integrations: [
    react(),
    // The docs' MDX (the collection 'docs'): code is highlighted by lib/docs/highlight.ts, not Astro's Shiki.
    mdx({ syntaxHighlight: false, processor: satteri(docsMdxOptions) }),
    interactionDirective(),
    formDirective(),
    brandFontSubset(),
    // After the font's subset has renamed its file in the pages, before they are precompressed.
    firstPaintCss(),
  ],
  vite: {
    plugins: [tailwindcss(), productionRenderer()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: {
      rolldownOptions: {
        output: {
          // Fewer, larger chunks where every island page needs them all anyway: brotli packs one
          // file better than several, and each chunk repeats the names it imports and exports.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ },
              // What every form shares: submitting, the alert, the fields, and the messages and rules;
              // with the newsletter form, which is in the footer of every page but the form pages.
              {
                name: 'forms',
                test: /components[\\/]forms[\\/](guest-submit|honeypot|early-input|form-ready|form-stamp|form-alert|field|text-field|submit-button|error-summary|server-state|post-fields)\.|newsletter[\\/]newsletter-form\.|contact[\\/]contact-form\.|lib[\\/]guest-api\.|contracts[\\/]src[\\/](messages|rules|form-posts|form-fields)\.|partners[\\/]partner-carousel\.|carousel[\\/]|testimonials[\\/]random-testimonial\./,
              },
            ],
          },
        },
      },
    },
  },
});
