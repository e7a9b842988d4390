import { firstTouchField } from '@growmail/contracts/page-context';
import { firstTouchDays, firstTouchStorageKey } from '@growmail/contracts/routes';
import { uncountedPath } from '@growmail/contracts/visits';

const key = JSON.stringify(firstTouchStorageKey);

/**
 * Keeps the device's first landing (issue 40) under localStorage `first-touch`: its path, its
 * `utm_*` pairs and its time, for `firstTouchDays` days, then the next landing's. A form posted
 * while script runs (natively before its island does, or handed by its island to the offline
 * worker, D39) gets it as a hidden field, so a post saved on the device keeps it; a lead form's
 * island reads it from there for its own call. The layout puts it only on pages a capability link
 * does not open (D36), and it checks its own address by the same rule (`uncountedPath`): an unknown
 * path under such a page's shows the home page, and never becomes a first landing either.
 */
const code =
  `(function(d,L,s,F){try{s=localStorage;F=s.getItem(${key});var n=Date.now();` +
  `if(!${uncountedPath}.test(L.pathname)&&!(n-JSON.parse(F||"{}").t<${firstTouchDays}*864e5))s.setItem(${key},F=JSON.stringify({p:L.pathname,q:L.search.slice(1).split("&").filter(p=>/^utm_/.test(p)).join("&"),t:n}))}catch(e){}` +
  // Capturing, so the field is in before a form's island reads it in its own submit handler.
  `d.addEventListener("submit",e=>{var t=e.target,i=t.elements.${firstTouchField};if(F&&t.dataset.form){i||t.append(i=d.createElement("input"));i.type="hidden";i.name="${firstTouchField}";i.value=F}},!0)})(document,location)`;

export function FirstTouch() {
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
