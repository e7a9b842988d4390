import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: unknown) => void;

/** The worker's global scope as gm-service-worker.js uses it; Chromium runs the real one in tests/e2e. */
function fakeWorkerScope() {
  const listeners = new Map<string, Listener>();
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const pushManager = { subscribe: vi.fn(async () => ({ toJSON: () => ({ endpoint: 'https://push.example/new' }) })) };
  const scope = {
    location: new URL(
      'https://shop.example/gm-service-worker.js?key=pk_1&users=https%3A%2F%2Fusers.example&messaging=https%3A%2F%2Fmsg.example',
    ),
    registration: {
      pushManager,
      showNotification: vi.fn(
        async (title: string, options: NotificationOptions) => void shown.push({ title, options }),
      ),
    },
    clients: { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => {}),
  };
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ error: null, payload: {} }));
  const cache = new Map<string, string>([['/gm-web-push/contact', JSON.stringify({ email: 'ada@example.com' })]]);
  for (const [name, value] of Object.entries(scope)) vi.stubGlobal(name, value);
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('caches', {
    open: async () => ({ match: async (key: string) => (cache.has(key) ? new Response(cache.get(key)) : undefined) }),
  });
  const dispatch = async (type: string, event: object) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  };
  return { scope, shown, fetch, pushManager, dispatch };
}

let worker: ReturnType<typeof fakeWorkerScope>;
beforeEach(async () => {
  vi.resetModules();
  worker = fakeWorkerScope();
  await import('../src/service-worker.ts');
});
afterEach(() => vi.unstubAllGlobals());

const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => String(value),
});

describe('gm-service-worker.js', () => {
  it('shows a notification with the payload title, body, icon and tracking id', async () => {
    await worker.dispatch('push', {
      data: pushData({ title: 'Sale', body: 'Half price', icon: '/icon.png', tracking_id: 't-1', url: '/pricing' }),
    });
    expect(worker.shown).toEqual([
      {
        title: 'Sale',
        options: { body: 'Half price', icon: '/icon.png', tag: 't-1', data: { tracking_id: 't-1', url: '/pricing' } },
      },
    ]);
  });

  it('still shows something for a plain-text push', async () => {
    await worker.dispatch('push', { data: pushData('not json {') });
    expect(worker.shown[0]?.title).toBe('not json {');
  });

  it('reports a click to the messaging webhook and opens the target', async () => {
    const close = vi.fn();
    await worker.dispatch('notificationclick', {
      notification: { data: { tracking_id: 't 1', url: '/pricing' }, close },
    });
    expect(close).toHaveBeenCalled();
    expect(worker.fetch).toHaveBeenCalledWith('https://msg.example/webhooks/push/web/t%201');
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith('https://shop.example/pricing');
  });

  it('ignores a failed report and still opens the target', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    worker.fetch.mockRejectedValueOnce(new TypeError('offline'));
    await worker.dispatch('notificationclick', { notification: { data: { tracking_id: 't-2' }, close: () => {} } });
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith('https://shop.example/');
    expect(log).toHaveBeenCalledWith('Unable to log action', expect.any(TypeError));
    log.mockRestore();
  });

  it('subscribes again on pushsubscriptionchange and saves it to the remembered contact', async () => {
    const key = new Uint8Array([4, 5, 6]).buffer;
    await worker.dispatch('pushsubscriptionchange', {
      oldSubscription: { options: { applicationServerKey: key } },
      newSubscription: null,
    });
    expect(worker.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    const [url, init] = worker.fetch.mock.calls[0]!;
    expect(url).toBe('https://users.example/api/contacts');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer pk_1' });
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      gm_web_push: { endpoint: 'https://push.example/new' },
    });
  });
});

it('ships a gm-service-worker.js built from the current source', async () => {
  const { readFileSync } = await import('node:fs');
  const { serviceWorkerScript } = await import('../scripts/build-service-worker.ts');
  const shipped = readFileSync(new URL('../gm-service-worker.js', import.meta.url), 'utf8');
  expect(shipped, 'run: node packages/webpush-sdk/scripts/build-service-worker.ts').toBe(serviceWorkerScript());
});
