import { visitCountPath } from '@growmail/contracts/visits';
import { offlineNoticeAttribute } from '@/worker/offline-rules';
import { paintedEvent } from '@/components/after-first-paint';

/**
 * Counts the page (D42), after it has loaded and painted (components/after-first-paint.tsx), with
 * its Referer naming it: with JavaScript a beacon that also sends the page the visitor came from;
 * without, an image the browser asks for instead.
 * Offline, or on a page the worker opened from the device (it carries the offline notice) when the
 * network failed, nothing is sent or queued. A page restored from the back-forward cache paints and
 * loads no new document and asks for no image, so it is not counted again.
 */
const code =
  `addEventListener("${paintedEvent}",function(){` +
  `navigator.onLine&&!document.querySelector("[${offlineNoticeAttribute}]")&&navigator.sendBeacon("${visitCountPath}",document.referrer)})`;

export function VisitCount() {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: code }} />
      <noscript>
        <img src={visitCountPath} alt="" hidden />
      </noscript>
    </>
  );
}
