import { apiSource, readFirstTouch, type FirstTouch, type LeadSource } from '@growmail/contracts/lead-source';
import { firstTouchHeader, pageContextHeader } from '@growmail/contracts/page-context';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveRequest } from '../site/routing.ts';

/**
 * Where a lead comes from (D42), read when its post arrives. The site's forms name their page in
 * a header (the islands send it; for a native post, form-posts sends its Referer's page), checked by the
 * route's `keyedHeadersSchema`; a post without it came through the public services from elsewhere
 * (D14) and is `api`, never matched to a visit. A site post gets the visit its visitor is in
 * today, found by the same daily hash that counted the visit's pages, and the first landing its
 * device kept when its script sent one (issue 40).
 */
export async function leadSourceOf(app: FastifyInstance, request: FastifyRequest): Promise<LeadSource> {
  const page = request.headers[pageContextHeader];
  if (typeof page !== 'string') return apiSource;
  return {
    channel: 'site',
    form_page: page,
    visit: await app.visitCounter.visitOf(request),
    first_touch: firstTouchOf(app, request.headers[firstTouchHeader]),
  };
}

/** The device's first landing, its path as the route served (`/fr`, not `/fr/`), as visits count it. */
function firstTouchOf(app: FastifyInstance, sent: string | string[] | undefined): FirstTouch | null {
  const touch = typeof sent === 'string' ? readFirstTouch(sent) : null;
  if (!touch) return null;
  const resolution = resolveRequest(touch.path, app.site, app.config.urls.app);
  return resolution.kind === 'page' ? { ...touch, path: resolution.route } : touch;
}
