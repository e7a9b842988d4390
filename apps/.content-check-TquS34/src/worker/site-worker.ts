/**
 * The site's one service worker (D39), served as /gm-service-worker.js at scope `/`: the web push
 * handlers of D20, from the SDK's own worker, and the offline parts, built on Workbox's routing,
 * strategies and expiration. It keeps pages the visitor opened (network first, so every online
 * visit renews them and their ETags decide), never a `no-store` page or a URL with a query, and it
 * keeps a lead form's post that cannot reach the server until the network returns.
 */
import '@growmail/webpush-sdk/service-worker';
import { createStore, del, entries, set } from 'idb-keyval';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { languageOf } from '@/lib/language';
import {
  isLeadPost,
  maxCachedAssets,
  maxCachedPages,
  mayKeepPage,
  notReached,
  offlinePageFor,
  offlineTexts,
  offlinePagePath,
  pagesToWarm,
  replayOutcome,
  warmMessage,
  withFormPage,
  withOfflineNotice,
} from './offline-rules';
import { discardPath, savedPage, type SavedSubmission } from './saved-page';

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response> | Response): void };
type SyncEvent = ExtendableEvent & { tag: string };
type ExtendableMessageEvent = ExtendableEvent & { data: unknown; source: unknown };
type WorkerScope = {
  location: Location;
  navigator: Navigator & { connection?: { saveData?: boolean } };
  registration: ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
  clients: { claim(): Promise<void> };
  addEventListener(type: string, listener: (event: never) => void): void;
};

const worker = globalThis as unknown as WorkerScope;
const pagesCache = 'gm-pages';
const syncTag = 'gm-submissions';
const dayMs = 24 * 60 * 60 * 1000;
const submissions = createStore('gm-offline', 'submissions');

/** Save-Data on: nothing is fetched ahead, and only the pages the visitor opens are kept. */
const savesData = () => worker.navigator.connection?.saveData === true;

/** Keeps a page only when `mayKeepPage` says so: never no-store, never a personal link. */
const keepPlugin = {
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) =>
    mayKeepPage(new URL(request.url), response.status, response.headers.get('cache-control')) ? response : null,
  cachedResponseWillBeUsed: async ({ request, cachedResponse }: { request: Request; cachedResponse?: Response }) =>
    cachedResponse ? noticed(cachedResponse, new URL(request.url).pathname) : cachedResponse,
};

/** A page served from the device says so, in its own language. */
async function noticed(response: Response, pathname: string): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(withOfflineNotice(await response.text(), pathname), { status: response.status, headers });
}

const pages = new NetworkFirst({
  cacheName: pagesCache,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    keepPlugin,
    new ExpirationPlugin({ maxEntries: maxCachedPages, purgeOnQuotaError: true }),
  ],
});

// A navigation that finds the network gone; every visit with it back sends what waits.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === worker.location.origin,
  async (options) => {
    const event = options.event as ExtendableEvent;
    event.waitUntil(sendSaved());
    const refused = await refusedFor(options.url);
    if (refused) return refused;
    return pages.handle({ request: options.request, event: options.event });
  },
);

// The build's files are named by their content, so one kept is right for good: the style, font
// and scripts of the pages opened, so they look and work the same offline.
registerRoute(
  ({ url }) => url.origin === worker.location.origin && url.pathname.startsWith('/_astro/'),
  new CacheFirst({
    cacheName: 'gm-assets',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: maxCachedAssets, purgeOnQuotaError: true }),
    ],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.destination !== 'document') return Response.error();
  const cache = await caches.open(pagesCache);
  const { pathname } = new URL(request.url);
  return (
    (await cache.match(offlinePageFor(pathname))) ??
    (await cache.match(offlinePagePath)) ??
    new Response(offlineTexts[languageOf(pathname)], {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'content-language': languageOf(pathname) },
    })
  );
});

worker.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(worker.clients.claim());
});

/**
 * A page of the site says it loaded, and the visitor has not asked to save data: the pages they
 * reach most are kept, with the page open now, unless they are kept already. The page decides,
 * since it reads the visitor's Save-Data setting where a worker may not.
 */
worker.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (event.data !== warmMessage) return;
  const source = event.source as { url?: string } | null;
  event.waitUntil(warm(source?.url ? [new URL(source.url).pathname] : []));
});

/** The pages a visitor reaches most and the pages open now, each fetched once; none with Save-Data. */
async function warm(open: string[]): Promise<void> {
  if (savesData()) return;
  const cache = await caches.open(pagesCache);
  await Promise.all(
    pagesToWarm(open).map(async (path) => {
      try {
        const request = new Request(path, { credentials: 'same-origin' });
        if (await cache.match(request)) return;
        const response = await fetch(request);
        const url = new URL(request.url);
        if (mayKeepPage(url, response.status, response.headers.get('cache-control')) && !response.redirected) {
          await cache.put(request, response);
        }
      } catch {
        // Offline already: what was not kept is fetched on the next visit.
      }
    }),
  );
}

worker.addEventListener('fetch', (event: FetchEvent) => {
  const { request } = event;
  if (request.method !== 'POST') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (url.pathname === discardPath) event.respondWith(discard(request));
  else if (request.mode === 'navigate' && isLeadPost(url)) event.respondWith(submit(request));
});

worker.addEventListener('sync', (event: SyncEvent) => {
  if (event.tag === syncTag) event.waitUntil(sendSaved());
});

/**
 * A lead form's post, sent with a key made here (or the one the form's script made for it): if the
 * network is gone, or the origin answers 502, 503 or 504, it is kept and the visitor told so.
 */
async function submit(request: Request): Promise<Response> {
  const body = withFormPage(await request.text(), request.referrer, worker.location.origin);
  const key = new URLSearchParams(body).get('idempotency_key') || crypto.randomUUID();
  const saved: SavedSubmission = { key, url: request.url, body, savedAt: Date.now(), state: 'waiting' };
  try {
    const response = await send(saved);
    if (!notReached(response.status)) return response;
  } catch {
    // No network: kept below.
  }
  await set(key, saved, submissions);
  try {
    await worker.registration.sync?.register(syncTag);
  } catch {
    // No Background Sync: the next page of the site to load sends it.
  }
  return new Response(savedPage(saved), {
    status: 202,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

const send = (saved: SavedSubmission) =>
  fetch(saved.url, {
    method: 'POST',
    body: saved.body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': saved.key },
    credentials: 'same-origin',
    redirect: 'manual',
  });

let sending: Promise<void> | null = null;

/** Sends every waiting submission once; one round at a time. */
function sendSaved(): Promise<void> {
  sending ??= sendRound().finally(() => (sending = null));
  return sending;
}

async function sendRound(): Promise<void> {
  const now = Date.now();
  for (const [key, saved] of (await entries<string, SavedSubmission>(submissions)) ?? []) {
    if (now - saved.savedAt > dayMs) {
      await del(key, submissions);
      continue;
    }
    if (saved.state !== 'waiting') continue;
    let response: Response;
    try {
      response = await send(saved);
    } catch {
      return; // Still offline: the next round tries them all.
    }
    const outcome = replayOutcome(response.status, response.type === 'opaqueredirect');
    if (outcome === 'sent') await del(key, submissions);
    else if (outcome === 'refused') {
      // Never dropped: the server's page, with the values and its reason, waits for the next visit.
      await set(key, { ...saved, state: 'refused', page: await response.text(), status: response.status }, submissions);
    }
  }
}

/** A refused submission's page, shown at its form's address on the next visit, then forgotten. */
async function refusedFor(url: URL): Promise<Response | undefined> {
  const all = (await entries<string, SavedSubmission>(submissions)) ?? [];
  const refused = all.find(([, saved]) => saved.state === 'refused');
  if (!refused) return undefined;
  const [key, saved] = refused;
  const formPath = new URL(saved.url).pathname;
  if (url.pathname !== formPath) return Response.redirect(formPath, 303);
  await del(key, submissions);
  return new Response(saved.page ?? '', {
    status: saved.status ?? 409,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The saved page's "Discard it": the submission is deleted, and the visitor goes back to its form. */
async function discard(request: Request): Promise<Response> {
  const key = new URLSearchParams(await request.text()).get('key') ?? '';
  const saved = (await entries<string, SavedSubmission>(submissions)).find(([stored]) => stored === key)?.[1];
  await del(key, submissions);
  return Response.redirect(saved ? new URL(saved.url).pathname : '/', 303);
}
