/**
 * Registers the site's worker (D39) once the page has loaded, never before the first view, and
 * only when none is registered: the web push SDK may have registered it with its settings (D20),
 * which this must not replace. Inline, it costs no download; the server's CSP allows it by hash.
 */
export const workerRegistrationCode =
  'addEventListener("load",function(){var s=navigator.serviceWorker;s&&s.getRegistration("/").then(function(r){return r||s.register("/gm-service-worker.js",{scope:"/"})}).catch(function(){})})';

export function WorkerRegistration() {
  return <script dangerouslySetInnerHTML={{ __html: workerRegistrationCode }} />;
}
