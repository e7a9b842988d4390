import { warmMessage } from '@/worker/offline-rules';

/**
 * Registers the site's worker (D39) once the page has loaded, never before the first view, and
 * only when none is registered: the web push SDK may have registered it with its settings (D20),
 * which this must not replace. Then, unless the visitor saves data (Save-Data), it asks the worker
 * to keep the main pages; with Save-Data only the pages they open are kept. Inline, it costs no
 * download; the server's CSP allows it by hash.
 */
export const workerRegistrationCode =
  'addEventListener("load",function(){var s=navigator.serviceWorker,c=navigator.connection;' +
  's&&s.getRegistration("/").then(function(r){return r||s.register("/gm-service-worker.js",{scope:"/"})})' +
  `.then(function(){return s.ready}).then(function(r){c&&c.saveData||r.active.postMessage("${warmMessage}")})` +
  '.catch(function(){})})';

export function WorkerRegistration() {
  return <script dangerouslySetInnerHTML={{ __html: workerRegistrationCode }} />;
}
