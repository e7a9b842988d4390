import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveRequest } from '../site/routing.ts';
import { defaultBookingZone, firstBookingZone } from '@growmail/contracts/demo-booking';
import { pageCaching, revalidate, sendFile } from '../site/send-file.ts';
import type { SiteFile } from '../site/site-files.ts';

const immutableCaching = 'public, max-age=31536000, immutable';
/** /demo's times change with bookings: a shared cache may keep it a few seconds (D32, D35). */
const demoCaching = 'public, max-age=0, s-maxage=5';

/** Serves the exported site from memory and applies the routing a static export cannot (spec "Screens and routes"). */
export default fp(
  async function sitePlugin(app: FastifyInstance) {
    const { config } = app;
    const pages = pageCaching(config.cdnMaxAge);
    // Where every version of the site keeps /demo.
    const demoPath = app.site.page('/demo')?.path;
    const frenchDemoPath = app.site.page('/fr/demo')?.path;

    app.get('/robots.txt', async (_request, reply) => {
      const lines =
        config.env === 'production'
          ? ['User-agent: *', 'Allow: /', `Sitemap: ${config.urls.public}/sitemap.xml`]
          : ['User-agent: *', 'Disallow: /'];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', revalidate)
        .send(`${lines.join('\n')}\n`);
    });

    /**
     * The file as this answer sends it, and how long caches may keep it (D35): a page with a
     * lead form carries the stamp of the current window, /demo also its open slots; every other
     * file goes as built.
     */
    const asSent = async (file: SiteFile): Promise<{ file: SiteFile; caching: string }> => {
      if (file.immutable) return { file, caching: immutableCaching };
      if (!file.stamped) return { file, caching: pages };
      if (file.path === demoPath) return { file: await app.demoPage.page(defaultBookingZone), caching: demoCaching };
      if (file.path === frenchDemoPath) {
        return { file: await app.demoPage.page(firstBookingZone.fr, 'fr'), caching: demoCaching };
      }
      const stamped = await app.stampedPages.forNow(file);
      // A page with an empty stamp (no secret yet) is asked for again, never kept by a cache.
      return { file: stamped.file, caching: stamped.signed ? pages : revalidate };
    };
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // Read once: the whole answer comes from the version current when the request came (D45).
      const site = app.site;
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const search = request.url.slice(pathname.length);
      const resolution = resolveRequest(pathname, site, config.urls.app);
      switch (resolution.kind) {
        case 'redirect':
          return reply.header('cache-control', 'no-store').redirect(resolution.location, 302);
        case 'not-found':
          return reply
            .code(404)
            .type('text/plain; charset=utf-8')
            .header('cache-control', revalidate)
            .send('Not found\n');
        case 'file':
          return sendFile(
            request,
            reply,
            site,
            await asSent(await site.forQuery(site.files.get(resolution.path)!, search)),
          );
        case 'page':
          return sendFile(
            request,
            reply,
            site,
            await asSent(await site.forQuery(site.page(resolution.route)!, search)),
          );
      }
    };
    app.get('/', handler);
    app.get('/*', handler);
  },
  { name: 'site', dependencies: ['config', 'shared-pages'] },
);
