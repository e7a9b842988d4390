import { deviceClass, isCountedPath, referrerHost, viewSource } from '@growmail/contracts/visits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { resolveRequest } from '../site/routing.ts';
import type { PageView } from './page-view.ts';
import { dayOf, visitorHash, type DailySalts } from './visitor.ts';

/** The site in a visitor's hash: its public host, the same for a page view and a form's post. */
export const siteOf = (app: FastifyInstance) => new URL(app.config.urls.public).host;

/** The page a request names in its Referer, if it is one of this site's: its URL. */
export function refererPage(request: FastifyRequest, publicHost: string): URL | null {
  const referer = request.headers.referer;
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  let own: string;
  try {
    own = new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    own = '';
  }
  return url.host === own || url.host === publicHost ? url : null;
}

/**
 * The view a counting request stands for, or null when it is not counted: a known bot, no user
 * agent, a Referer that is not a page of this site, or a page never counted (the console, a page a
 * capability link opens). Its path is the route as served and its query only its source (D42);
 * the address and user agent go into the day's hash and nowhere else.
 */
export async function countedView(
  request: FastifyRequest,
  referrer: string,
  salts: DailySalts,
  app: FastifyInstance,
): Promise<PageView | null> {
  const userAgent = request.headers['user-agent'] ?? '';
  if (!userAgent || isbot(userAgent)) return null;
  const site = siteOf(app);
  const url = refererPage(request, site);
  if (!url || !isCountedPath(url.pathname)) return null;
  const resolution = resolveRequest(url.pathname, app.site, app.config.urls.app);
  if (resolution.kind !== 'page' || !isCountedPath(resolution.route) || !app.site.page(resolution.route)) return null;
  if (!app.db.status.ready) return null;
  const now = new Date();
  const day = dayOf(now);
  const salt = await salts.forDay(day);
  return {
    visitor: visitorHash(salt, site, request.ip, userAgent),
    day,
    at: now.toISOString(),
    path: resolution.route,
    ...viewSource(url),
    referrerHost: referrerHost(referrer, url.host),
    device: deviceClass(userAgent),
  };
}
