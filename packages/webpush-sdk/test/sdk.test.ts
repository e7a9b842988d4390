import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes } from '../src/config.ts';
import { fakeBrowser } from './fake-browser.ts';

// The SDK keeps register()'s settings per page, so each test loads a fresh copy.
const loadSdk = () => import('../src/index.ts');
beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('register', () => {
  it('registers /gm-service-worker.js with the root scope, passing the worker its settings', async () => {
    const browser = fakeBrowser();
    const sdk = await loadSdk();
    await sdk.register('pk_live_1', { usersUrl: '/services/users', messagingUrl: 'https://msg.example/m/' });
    const [url, options] = browser.serviceWorker.register.mock.calls[0] as unknown as [string, RegistrationOptions];
    expect(options).toEqual({ scope: '/' });
    const script = new URL(url, 'https://shop.example');
    expect(script.pathname).toBe('/gm-service-worker.js');
    expect(Object.fromEntries(script.searchParams)).toEqual({
      key: 'pk_live_1',
      users: 'https://shop.example/services/users',
      messaging: 'https://msg.example/m',
    });
  });

  it('logs a failed registration and resolves to null', async () => {
    const browser = fakeBrowser();
    browser.serviceWorker.register.mockRejectedValueOnce(new Error('SecurityError'));
    const sdk = await loadSdk();
    await expect(sdk.register('k', { logger: browser.logger })).resolves.toBeNull();
    expect(browser.logger.error).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });

  it('does nothing in a browser without push', async () => {
    fakeBrowser();
    vi.stubGlobal('window', {});
    const sdk = await loadSdk();
    expect(sdk.isSupported()).toBe(false);
    await expect(sdk.register('k')).resolves.toBeNull();
  });
});

describe('requestPermission', () => {
  it('creates a subscription when permission is granted and there is none', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const sdk = await loadSdk();
    await sdk.register('k', { applicationServerKey: 'AQID' });
    await expect(sdk.requestPermission()).resolves.toBe(browser.subscription);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3]),
    });
  });

  it('reads the public key from the messaging service when none is given', async () => {
    const browser = fakeBrowser();
    const sdk = await loadSdk();
    await sdk.register('k', { messagingUrl: 'https://msg.example' });
    await sdk.requestPermission();
    expect(browser.fetch).toHaveBeenCalledWith('https://msg.example/push/web/key');
    const { applicationServerKey } = (
      browser.pushManager.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }]
    )[0] as {
      applicationServerKey: Uint8Array;
    };
    expect(applicationServerKey).toHaveLength(65);
  });

  it('does nothing when permission is denied', async () => {
    const browser = fakeBrowser({ permission: 'denied' });
    const sdk = await loadSdk();
    await sdk.register('k', { applicationServerKey: 'AQID' });
    await expect(sdk.requestPermission()).resolves.toBeNull();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('does nothing when a subscription already exists', async () => {
    const browser = fakeBrowser({ existing: true });
    const sdk = await loadSdk();
    await sdk.register('k', { applicationServerKey: 'AQID' });
    await expect(sdk.requestPermission()).resolves.toBeNull();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    await expect(sdk.getSubscription()).resolves.toBe(browser.subscription);
  });

  it('logs a failed subscription instead of throwing', async () => {
    const browser = fakeBrowser();
    browser.pushManager.subscribe.mockRejectedValueOnce(new Error('AbortError'));
    const sdk = await loadSdk();
    await sdk.register('k', { applicationServerKey: 'AQID', logger: browser.logger });
    await expect(sdk.requestPermission()).resolves.toBeNull();
    expect(browser.logger.error).toHaveBeenCalledWith('Unable to subscribe to push', expect.any(Error));
  });

  it('asks for register() first', async () => {
    fakeBrowser();
    const sdk = await loadSdk();
    await expect(sdk.requestPermission()).rejects.toThrow('Call register(apiKey) before using web push.');
  });
});

describe('saveSubscriptionToken', () => {
  it('posts gm_web_push and the contact fields with the bearer key, and remembers the contact', async () => {
    const browser = fakeBrowser();
    const sdk = await loadSdk();
    await sdk.register('pk_live_1', { usersUrl: 'https://users.example' });
    const answer = await sdk.saveSubscriptionToken(
      browser.subscription as unknown as PushSubscription,
      'ada@example.com',
      {
        firstname: 'Ada',
      },
    );
    expect(answer?.payload?.data.email).toBe('ada@example.com');
    const [url, init] = browser.fetch.mock.calls[0]!;
    expect(url).toBe('https://users.example/api/contacts');
    expect(init).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Bearer pk_live_1', 'content-type': 'application/json' },
    });
    expect(JSON.parse(String(init?.body))).toEqual({
      firstname: 'Ada',
      email: 'ada@example.com',
      gm_web_push: browser.subscription.toJSON(),
    });
    expect(JSON.parse(browser.cached.get('/gm-web-push/contact')!)).toEqual({
      firstname: 'Ada',
      email: 'ada@example.com',
    });
  });

  it('logs "Unable to save subscription token" and resolves to null when the service refuses', async () => {
    const browser = fakeBrowser();
    browser.fetch.mockResolvedValueOnce(
      Response.json({ error: 'The API key is missing or wrong.', payload: null }, { status: 403 }),
    );
    const sdk = await loadSdk();
    await sdk.register('wrong', { logger: browser.logger });
    await expect(sdk.saveSubscriptionToken(browser.subscription.toJSON(), 'ada@example.com')).resolves.toBeNull();
    expect(browser.logger.error).toHaveBeenCalledWith('Unable to save subscription token', expect.any(Error));
    expect(browser.cached.size).toBe(0);
  });

  it('logs a network failure the same way', async () => {
    const browser = fakeBrowser();
    browser.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const sdk = await loadSdk();
    await sdk.register('k', { logger: browser.logger });
    await expect(sdk.saveSubscriptionToken(browser.subscription.toJSON(), 'ada@example.com')).resolves.toBeNull();
    expect(browser.logger.error).toHaveBeenCalledWith('Unable to save subscription token', expect.any(TypeError));
  });
});

it('decodes base64url keys to bytes', () => {
  expect([...base64UrlToBytes('_-8')]).toEqual([255, 239]);
});
