import { defineMiddleware } from 'astro:middleware';

/** What Astro writes before a page's first island; src/styles/site.css holds the same rule. */
const islandStyle = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * Astro puts its island style inside <body>, where a <style> element is invalid HTML. The
 * stylesheet already carries the rule, so the inline copy is dropped from every page Astro
 * renders: each built page as it is prerendered, and each page rendered on demand (D35), by
 * this one rule.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  return new Response(html.replace(islandStyle, ''), response);
});
