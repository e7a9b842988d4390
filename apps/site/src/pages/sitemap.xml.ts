import type { APIRoute } from 'astro';
import { publicRoutes } from '@/lib/routes';
import { runtime } from '@/lib/runtime';

/** The canonical, indexable pages, on the configured origin (a stand-in until the server starts). */
export const GET: APIRoute = () => {
  const entries = publicRoutes.map(
    (route) =>
      `<url>\n<loc>${runtime.urls.public}${route === '/' ? '' : route}</loc>\n<changefreq>weekly</changefreq>\n<priority>${route === '/' ? 1 : 0.7}</priority>\n</url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
