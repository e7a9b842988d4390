/**
 * The team console's own service worker (issue 54): served as /team/alerts-worker.js with scope
 * /team/, so the site's worker (D39) keeps `/` and its offline pages. It shows a member's alerts
 * of leads and opens the lead on a click. It has no fetch handler, so no console page is ever kept
 * on the device (D40), and it reports no click anywhere: a member's alert is not a marketing
 * notification and carries no tracking id.
 *
 * Written against minimal local types, as the DOM and WebWorker libraries cannot share one program.
 */
import { alertOpens, readAlert } from './console-alerts';

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification & { data: unknown } };
type WindowClient = {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
};
type WorkerScope = {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: string, listener: (event: never) => void): void;
  skipWaiting(): Promise<void>;
};

const worker = globalThis as unknown as WorkerScope;

worker.addEventListener('install', () => {
  void worker.skipWaiting();
});

worker.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(worker.clients.claim());
});

worker.addEventListener('push', (event: PushEvent) => {
  const alert = readAlert(event.data);
  event.waitUntil(
    worker.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      icon: '/icons/icon-192.png',
      data: { url: alert.url },
    }),
  );
});

worker.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  event.waitUntil(openLead(alertOpens(event.notification.data, worker.location.origin)));
});

/** Shows the lead in a console window this worker controls, or in a new one. */
async function openLead(url: string): Promise<void> {
  try {
    const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: false });
    const shown = await windows[0]?.navigate(url).catch(() => null);
    if (shown) await shown.focus();
    else await worker.clients.openWindow(url);
  } catch {
    // The browser may refuse to open a window; the alert has been seen.
  }
}
