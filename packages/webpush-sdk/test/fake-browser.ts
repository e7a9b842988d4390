import { vi } from 'vitest';

/**
 * A browser's push APIs as the SDK sees them. Node has none of them; the Chromium tests
 * (tests/e2e/webpush.test.ts) run the SDK against the real ones.
 */
export function fakeBrowser(options: { permission?: NotificationPermission; existing?: boolean } = {}) {
  const subscription = {
    endpoint: 'https://push.example/send/1',
    toJSON: () => ({ endpoint: 'https://push.example/send/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (options.existing ? subscription : null)),
    subscribe: vi.fn(async () => subscription),
  };
  const registration = { scope: 'https://shop.example/', pushManager };
  const serviceWorker = { register: vi.fn(async () => registration) };
  const Notification = { requestPermission: vi.fn(async () => options.permission ?? 'granted') };
  const cached = new Map<string, string>();
  const caches = {
    open: vi.fn(async () => ({
      put: async (key: string, response: Response) => void cached.set(key, await response.text()),
    })),
  };
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url.endsWith('/push/web/key')
      ? Response.json({
          error: null,
          payload: {
            publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
          },
        })
      : Response.json({
          error: null,
          payload: { data: { id: 'c1', email: 'ada@example.com', created: true, subscribed: true } },
        }),
  );
  const logger = { error: vi.fn() };
  vi.stubGlobal('window', { PushManager: class {}, Notification });
  vi.stubGlobal('navigator', { serviceWorker });
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('location', new URL('https://shop.example/products/1'));
  vi.stubGlobal('caches', caches);
  vi.stubGlobal('fetch', fetch);
  return { subscription, pushManager, serviceWorker, Notification, fetch, cached, logger };
}
