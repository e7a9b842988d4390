import { apiSource, type LeadSource } from '@growmail/contracts/lead-source';
import { pageContextHeader } from '@growmail/contracts/page-context';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where a lead comes from (D42), read when its post arrives. The site's forms name their page in
 * a header (the islands send it; for a native post, form-posts sends its Referer's page), checked by the
 * route's `keyedHeadersSchema`; a post without it came through the public services from elsewhere
 * (D14) and is `api`, never matched to a visit. A site post gets the visit its visitor is in
 * today, found by the same daily hash that counted the visit's pages.
 */
export async function leadSourceOf(app: FastifyInstance, request: FastifyRequest): Promise<LeadSource> {
  const page = request.headers[pageContextHeader];
  if (typeof page !== 'string') return apiSource;
  return { channel: 'site', form_page: page, visit: await app.visitCounter.visitOf(request) };
}
