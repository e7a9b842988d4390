import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { brandFontSubset } from './src/integrations/brand-font-subset';
import { firstPaintCss } from './src/integrations/first-paint-css';
import { freshRenderer } from './src/integrations/fresh-renderer';
import { productionRenderer } from './src/integrations/production-renderer';
import { docsMdxOptions } from './src/lib/docs/mdx-plugins';
import { formDirective } from './src/directives/form-integration';
import { interactionDirective } from './src/directives/integration';

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
    freshRenderer(),
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
