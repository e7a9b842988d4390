import type { APIRoute } from 'astro';
import { inLanguage } from '@/lib/language';
import { isUntranslated, publicRoutes } from '@/lib/routes';
import { runtime } from '@/lib/runtime';

const address = (route: string) => `${runtime.urls.public}${route === '/' ? '' : route}`;

/** A page's alternates in both languages and x-default (D37), as Google reads them from a sitemap. */
const alternates = (english: string) =>
  [
    `<xhtml:link rel="alternate" hreflang="en" href="${address(english)}"/>`,
    `<xhtml:link rel="alternate" hreflang="fr" href="${address(inLanguage(english, 'fr'))}"/>`,
    `<xhtml:link rel="alternate" hreflang="x-default" href="${address(english)}"/>`,
  ].join('\n');

const entry = (route: string, english: string) =>
  `<url>\n<loc>${address(route)}</loc>\n${isUntranslated(english) ? '' : `${alternates(english)}\n`}<changefreq>weekly</changefreq>\n<priority>${english === '/' ? 1 : 0.7}</priority>\n</url>`;

/**
 * The canonical, indexable pages, on the configured origin (a stand-in until the server starts):
 * every English page, then the French twin of each but the developer docs, each listing both.
 */
export const GET: APIRoute = () => {
  const entries = [
    ...publicRoutes.map((route) => entry(route, route)),
    ...publicRoutes.filter((route) => !isUntranslated(route)).map((route) => entry(inLanguage(route, 'fr'), route)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
