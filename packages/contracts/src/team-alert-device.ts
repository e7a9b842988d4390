/**
 * What the console's pages and the server share about a device's alerts (issue 54), without a
 * schema library, since the account page's script carries it: where the console's worker is, and
 * how a device finds itself in the account page's list.
 */

/** The console's own service worker, which shows the alerts: served under /team, so its scope is the console's. */
export const consoleWorkerPath = '/team/alerts-worker.js';
export const consoleWorkerScope = '/team/';

/** The console's own web app manifest: installed from a console page, the app opens the leads. */
export const consoleManifestPath = '/team/manifest.webmanifest';

/**
 * A short tag of a device's push endpoint: the first 16 hex digits of its SHA-256. The account
 * page lists devices by it, and a device's script, which knows its own endpoint, finds itself; the
 * endpoint itself, the subscription's secret, is never on a page.
 */
export async function endpointTag(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
