import { base64UrlToBytes, settingsFor, workerScriptUrl, type Settings, type WebPushOptions } from './config.ts';
import { contactCache, postContact, type ApiResponse, type ContactFields, type SavedContact } from './contacts.ts';

export type { WebPushOptions } from './config.ts';
export type { ApiResponse, ContactFields, SavedContact } from './contacts.ts';

let settings: Settings | undefined;
let registration: Promise<ServiceWorkerRegistration | null> | undefined;

/** Whether this browser can receive web push at all. */
export function isSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/**
 * Registers `/gm-service-worker.js` with the site's root as its scope. Call it once, early;
 * it does not ask for permission. Resolves to null (and logs) when registration fails.
 */
export function register(apiKey: string, options: WebPushOptions = {}): Promise<ServiceWorkerRegistration | null> {
  settings = settingsFor(apiKey, options, location.href);
  const current = settings;
  registration = isSupported()
    ? navigator.serviceWorker.register(workerScriptUrl(current), { scope: '/' }).catch((error: unknown) => {
        current.logger?.error('Service worker registration failed', error);
        return null;
      })
    : Promise.resolve(null);
  return registration;
}

/**
 * Asks for notification permission (call it from a user's click). When it is granted and the
 * browser has no subscription yet, subscribes and resolves to the new subscription. When it is
 * denied, or a subscription already exists, does nothing and resolves to null.
 */
export async function requestPermission(): Promise<PushSubscription | null> {
  const current = requireSettings();
  if (!isSupported()) return null;
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return null;
    const ready = await registration;
    if (!ready) return null;
    if (await ready.pushManager.getSubscription()) return null;
    const key = current.applicationServerKey ?? (await fetchApplicationServerKey(current.messagingUrl));
    return await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(key) });
  } catch (error) {
    current.logger?.error('Unable to subscribe to push', error);
    return null;
  }
}

/** The subscription this browser already has, if any. */
export async function getSubscription(): Promise<PushSubscription | null> {
  const ready = await registration;
  return (await ready?.pushManager.getSubscription()) ?? null;
}

/**
 * Saves the subscription to the contact with this email (created when missing), with any other
 * contact fields. Resolves to the service's answer, or to null (and logs) when saving fails.
 */
export async function saveSubscriptionToken(
  token: PushSubscription | PushSubscriptionJSON,
  email: string,
  extra: ContactFields = {},
): Promise<ApiResponse<SavedContact> | null> {
  const current = requireSettings();
  const subscription = 'toJSON' in token && typeof token.toJSON === 'function' ? token.toJSON() : token;
  try {
    const answer = await postContact(current.usersUrl, current.apiKey, {
      ...extra,
      email,
      gm_web_push: subscription as PushSubscriptionJSON,
    });
    await rememberContact(email, extra);
    return answer;
  } catch (error) {
    current.logger?.error('Unable to save subscription token', error);
    return null;
  }
}

function requireSettings(): Settings {
  if (!settings) throw new Error('Call register(apiKey) before using web push.');
  return settings;
}

async function fetchApplicationServerKey(messagingUrl: string): Promise<string> {
  const response = await fetch(`${messagingUrl}/push/web/key`);
  const answer = (await response.json()) as ApiResponse<{ publicKey: string }>;
  if (answer.error !== null) throw new Error(answer.error);
  return answer.payload.publicKey;
}

/** Lets the worker save a renewed subscription to the same contact (pushsubscriptionchange). */
async function rememberContact(email: string, extra: ContactFields) {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(contactCache.name);
  await cache.put(contactCache.key, new Response(JSON.stringify({ ...extra, email })));
}
