import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseEncoding } from '../site/encoding.ts';
import { resolveRequest } from '../site/routing.ts';
import { contentSecurityPolicy } from '../site/content-security-policy.ts';
import { formActions } from '@growmail/contracts/form-posts';
import { slotPicker } from '../demos/page.ts';
import { formStampNow, withFormStamp } from '../form-posts/stamp.ts';
import { sendFreshPage } from '../site/fresh-page.ts';
import type { Site, SiteFile } from '../site/site-files.ts';

const immutableCaching = 'public, max-age=31536000, immutable';
const revalidate = 'public, max-age=0, must-revalidate';

/** How long past its lifetime a shared cache may still answer with a page: a day. */
const staleSeconds = 86_400;

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
          return sendFile(request, reply, site, await site.forQuery(site.files.get(resolution.path)!, search), pages);
        case 'page':
          if (resolution.route === formActions.demo) return sendDemoPage(reply);
          return sendFile(request, reply, site, await site.forQuery(site.page(resolution.route)!, search), pages);
      }
    };
    app.get('/', handler);
    app.get('/*', handler);
  },
  { name: 'site', dependencies: ['config'] },
);

async function sendFile(request: FastifyRequest, reply: FastifyReply, site: Site, asked: SiteFile, pages: string) {
  const page = asked.path.endsWith('.html');
  // Save-Data: on asks for no web font (issue 21); a cache keeps the two answers apart.
  const file = page && request.headers['save-data'] === 'on' ? site.forSaveData(asked) : asked;
  if (page) reply.header('vary', 'Save-Data');
  if (file.stamped) return sendStampedPage(reply, file, pages);
  const encoding = file.compressible ? chooseEncoding(request.headers['accept-encoding']) : null;
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  reply
    .type(file.contentType)
    .header('cache-control', file.immutable ? immutableCaching : pages)
    .header('etag', etag);
  if (file.compressible) reply.header('vary', page ? 'Accept-Encoding, Save-Data' : 'Accept-Encoding');
  if (file.scriptHashes.length > 0 || file.path.endsWith('.html')) {
    reply.header('content-security-policy', contentSecurityPolicy(file.scriptHashes, reply.server.config));
  }
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (!encoding) return reply.send(file.body);
  const body = await site.encode(file, encoding);
  return reply.header('content-encoding', encoding).send(body);
}

/**
 * A page with a lead form carries a stamp signed as it is sent (D30), so its body is made for
 * each answer. It is cached like any page: a CDN's copy holds an older stamp, which only makes
 * the pace check easier to pass, as a stamp fetched once by a script does.
 */
async function sendStampedPage(reply: FastifyReply, file: SiteFile, pages: string) {
  const html = await withFormStamp(reply.server, file.body.toString('utf8'));
  return sendFreshPage(reply, file, html, pages);
}

/** The demo page, rendered on demand with the open slots (D32, D35): they change with every booking, so no cache keeps it. */
async function sendDemoPage(reply: FastifyReply) {
  const app = reply.server;
  const [picker, stamp] = await Promise.all([slotPicker(app), formStampNow(app)]);
  const page = await app.site.render('demo', { picker, stamp: stamp ?? '' });
  return sendFreshPage(reply, page, page.html, 'no-store');
}
