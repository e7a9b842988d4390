// Growmail web push service worker, built from @growmail/webpush-sdk src/service-worker.ts.
/**
 * gm-service-worker.js: shows Growmail's push notifications, reports clicks, and renews the
 * subscription when the browser replaces it. Serve it from your site's root (see the README).
 * Its settings arrive in its script URL: ?key=<api key>&users=<url>&messaging=<url>.
 *
 * Written against minimal local types, as the DOM and WebWorker libraries cannot share one program.
 */

const worker = globalThis                          ;
const params = new URL(worker.location.href).searchParams;
const settings = {
  apiKey: params.get('key') ?? '',
  usersUrl: params.get('users') ?? '',
  messagingUrl: params.get('messaging') ?? '',
};

/** The push payload (spec "Entities"), tolerating a plain-text message. */
function readPayload(data                   )          {
  if (!data) return { title: 'New notification' };
  try {
    const json = data.json()                    ;
    return { ...json, title: typeof json.title === 'string' && json.title ? json.title : 'New notification' };
  } catch {
    return { title: data.text() };
  }
}

worker.addEventListener('install', () => {
  void worker.skipWaiting();
});

worker.addEventListener('push', (event           ) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    worker.registration.showNotification(payload.title, {
      body: payload.body ?? '',
      ...(payload.icon ? { icon: payload.icon } : {}),
      ...(payload.tracking_id ? { tag: payload.tracking_id } : {}),
      data: { tracking_id: payload.tracking_id, url: payload.url ?? '/' },
    }),
  );
});

worker.addEventListener('notificationclick', (event                   ) => {
  const data = (event.notification.data ?? {})                                          ;
  event.notification.close();
  // Report first: opening a window may be refused, and the report must not wait on it.
  const report = data.tracking_id ? reportAction(data.tracking_id) : Promise.resolve();
  event.waitUntil(Promise.all([report, openTarget(new URL(data.url ?? '/', worker.location.origin).href)]));
});

worker.addEventListener('pushsubscriptionchange', (event                         ) => {
  event.waitUntil(resubscribe(event.oldSubscription, event.newSubscription));
});

/** `GET {messaging}/webhooks/push/web/{tracking_id}`; a failure is ignored (spec "Calls made"). */
async function reportAction(trackingId        )                {
  try {
    await fetch(`${settings.messagingUrl}/webhooks/push/web/${encodeURIComponent(trackingId)}`);
  } catch (error) {
    // Spec "Error catalogue": logged, never shown; the click itself goes on.
    console.error('Unable to log action', error);
  }
}

async function openTarget(url        )                {
  try {
    const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => client.url === url);
    if (open) await open.focus();
    else await worker.clients.openWindow(url);
  } catch {
    // The browser may refuse to open a window; the click was still reported.
  }
}

/** Subscribes again with the same key and saves the new subscription to the remembered contact. */
async function resubscribe(old                         , renewed                         )                {
  try {
    const subscription =
      renewed ??
      (await worker.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: old?.options.applicationServerKey ?? (await fetchKey()),
      }));
    const cache = await caches.open('gm-web-push');
    const contact = await cache.match('/gm-web-push/contact');
    if (!contact) return;
    await fetch(`${settings.usersUrl}/api/contacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...(await contact.json()), gm_web_push: subscription.toJSON() }),
    });
  } catch (error) {
    // The next page visit can subscribe again.
    console.error('Unable to save subscription token', error);
  }
}

async function fetchKey()                  {
  const answer = (await (await fetch(`${settings.messagingUrl}/push/web/key`)).json())

   ;
  return answer.payload.publicKey;
}
