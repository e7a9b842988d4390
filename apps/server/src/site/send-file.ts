import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageStaleSeconds as staleSeconds } from '../config.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { chooseEncoding } from './encoding.ts';
import type { Site, SiteFile } from './site-files.ts';

export const revalidate = 'public, max-age=0, must-revalidate';

/**
 * Caching of the export's files that are not hashed (pages, the sitemap, images): asked again
 * on every request, or with CDN_MAX_AGE also kept `s-maxage` seconds by shared caches. Past
 * that, a CDN answers from its copy while it fetches a new one (stale-while-revalidate), and
 * keeps answering while every server fails (stale-if-error). Browsers ignore s-maxage, and
 * max-age=0 still has them ask on every visit; must-revalidate goes, since it would forbid the
 * CDN both stale answers.
 */
export function pageCaching(cdnMaxAge: number): string {
  if (cdnMaxAge <= 0) return revalidate;
  return `public, max-age=0, s-maxage=${cdnMaxAge}, stale-while-revalidate=${staleSeconds}, stale-if-error=${staleSeconds}`;
}

/**
 * A built page that is the same for everyone (D35), sent from a route that otherwise answers
 * per request: the page a personal link opens, asked for without its link's token.
 */
export function sendBuiltPage(request: FastifyRequest, reply: FastifyReply, route: string) {
  const { site, config } = reply.server;
  return sendFile(request, reply, site, { file: site.page(route)!, caching: pageCaching(config.cdnMaxAge) });
}

/** Sends a file of the site as it is kept: its ETag (304 on a match), its caching, its CSP, compressed once. */
export async function sendFile(
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
