import type { FastifyReply } from 'fastify';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { chooseEncoding } from './encoding.ts';
import { compressNow } from './compression.ts';
import { withoutWebFont, type FreshPage } from './site-files.ts';

/**
 * Sends a page made for this one answer (D30, D35): a form's problems, the outcome, a personal
 * link's page. No cache keeps it and it has no ETag; it is compressed now (about a millisecond
 * for such a page), and its CSP carries its own inline scripts' hashes. A visitor who sent
 * `Save-Data: on` gets it without the web font, as every built page is sent (issue 21).
 */
export async function sendFreshPage(
  reply: FastifyReply,
  { html, contentType, scriptHashes }: FreshPage,
  { framed = true }: { framed?: boolean } = {},
) {
  const saveData = reply.request.headers['save-data'] === 'on';
  const body = Buffer.from(saveData ? withoutWebFont(html) : html, 'utf8');
  const encoding = chooseEncoding(reply.request.headers['accept-encoding']);
  reply
    .type(contentType)
    .header('cache-control', 'no-store')
    .header('vary', 'Accept-Encoding, Save-Data')
    .header('content-security-policy', withFraming(contentSecurityPolicy(scriptHashes, reply.server.config), framed));
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(await compressNow(body, encoding));
}

/** The team console may not be framed at all, not even by the site (D40). */
const withFraming = (policy: string, framed: boolean) =>
  framed ? policy : policy.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
