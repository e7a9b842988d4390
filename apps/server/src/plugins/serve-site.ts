import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseEncoding } from '../site/encoding.ts';
import { resolveRequest } from '../site/routing.ts';
import { contentSecurityPolicy } from '../site/content-security-policy.ts';
import { defaultBookingZone } from '@growmail/contracts/demo-booking';
import { pageStaleSeconds as staleSeconds } from '../config.ts';
import type { Site, SiteFile } from '../site/site-files.ts';

const immutableCaching = 'public, max-age=31536000, immutable';
const revalidate = 'public, max-age=0, must-revalidate';
/** /demo's times change with bookings: a shared cache may keep it a few seconds (D32, D35). */
const demoCaching = 'public, max-age=0, s-maxage=5';

/**
 * Caching of the export's files that are not hashed (pages, the sitemap, images): asked again
 * on every request, or with CDN_MAX_AGE also kept `s-maxage` seconds by shared caches. Past
 * that, a CDN answers from its copy while it fetches a new one (stale-while-revalidate), and
 * keeps answering while every server fails (stale-if-error). Browsers ignore s-maxage, and
 * max-age=0 still has them ask on every visit; must-revalidate goes, since it would forbid the
 * CDN both stale answers.
 */
function pageCaching(cdnMaxAge: number): string {
  if (cdnMaxAge <= 0) return revalidate;
  return `public, max-age=0, s-maxage=${cdnMaxAge}, stale-while-revalidate=${staleSeconds}, stale-if-error=${staleSeconds}`;
}

/** Serves the exported site from memory and applies the routing a static export cannot (spec "Screens and routes"). */
export default fp(
  async function sitePlugin(app: FastifyInstance, options: { site: Site }) {
    const { site } = options;
    const { config } = app;
    const pages = pageCaching(config.cdnMaxAge);
    const demoPath = site.page('/demo')?.path;

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
      const stamped = await app.stampedPages.forNow(file);
      // A page with an empty stamp (no secret yet) is asked for again, never kept by a cache.
      return { file: stamped.file, caching: stamped.signed ? pages : revalidate };
    };
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
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

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  site: Site,
  { file: asked, caching }: { file: SiteFile; caching: string },
) {
  const page = asked.path.endsWith('.html');
  // Save-Data: on asks for no web font (issue 21); a cache keeps the two answers apart.
  const file = page && request.headers['save-data'] === 'on' ? site.forSaveData(asked) : asked;
  if (page) reply.header('vary', 'Save-Data');
  const encoding = file.compressible ? chooseEncoding(request.headers['accept-encoding']) : null;
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  reply.type(file.contentType).header('cache-control', caching).header('etag', etag);
  if (file.compressible) reply.header('vary', page ? 'Accept-Encoding, Save-Data' : 'Accept-Encoding');
  if (file.scriptHashes.length > 0 || file.path.endsWith('.html')) {
    reply.header('content-security-policy', contentSecurityPolicy(file.scriptHashes, reply.server.config));
  }
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (!encoding) return reply.send(file.body);
  const body = await site.encode(file, encoding);
  return reply.header('content-encoding', encoding).send(body);
}
