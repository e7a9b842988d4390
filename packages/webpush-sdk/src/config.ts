/** Where the SDK finds the worker and the Growmail services. */
export type WebPushOptions = {
  /** The users service base; `POST {usersUrl}/api/contacts` saves subscriptions. */
  usersUrl?: string;
  /** The messaging service base; clicks are reported to `{messagingUrl}/webhooks/push/web/{tracking_id}`. */
  messagingUrl?: string;
  /** The VAPID public key (base64url). When absent it is read from `{messagingUrl}/push/web/key`. */
  applicationServerKey?: string;
  /** The worker's URL; it must be served from your site's root so its scope covers every page. */
  serviceWorkerUrl?: string;
  /** Where failures are reported; they never throw (default: console). Pass null to stay silent. */
  logger?: Pick<Console, 'error'> | null;
};

export const defaults = {
  usersUrl: 'https://api.growmail.io/services/users',
  messagingUrl: 'https://api.growmail.io/services/messaging',
  serviceWorkerUrl: '/gm-service-worker.js',
} as const;

export type Settings = Required<Omit<WebPushOptions, 'applicationServerKey' | 'logger'>> & {
  apiKey: string;
  applicationServerKey: string | undefined;
  logger: Pick<Console, 'error'> | null;
};

/** The settings given to register(), made absolute against the page so the worker can use them. */
export function settingsFor(apiKey: string, options: WebPushOptions, base: string): Settings {
  return {
    apiKey,
    usersUrl: absolute(options.usersUrl ?? defaults.usersUrl, base),
    messagingUrl: absolute(options.messagingUrl ?? defaults.messagingUrl, base),
    serviceWorkerUrl: options.serviceWorkerUrl ?? defaults.serviceWorkerUrl,
    applicationServerKey: options.applicationServerKey,
    logger: options.logger === undefined ? console : options.logger,
  };
}

const absolute = (url: string, base: string) => new URL(url, base).href.replace(/\/+$/, '');

/** The worker's script URL carries what it needs (it cannot read the page's settings). */
export function workerScriptUrl(settings: Settings): string {
  const query = new URLSearchParams({
    key: settings.apiKey,
    users: settings.usersUrl,
    messaging: settings.messagingUrl,
  });
  return `${settings.serviceWorkerUrl}?${query}`;
}

/** PushManager.subscribe wants the key as bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
