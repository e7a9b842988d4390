import { brandFaceStorageKey } from '@growmail/contracts/routes';
import { afterPaintMarker } from '@/lib/first-paint-css';

/**
 * What a page with JavaScript asks for only once its first screen has painted (issue 41, D43):
 * the site's stylesheet, the web app manifest, the brand face, and the count of the view. Without
 * JavaScript the browser reads the stylesheet, the manifest and the face from <noscript> elements.
 *
 * Script holds them back because, unheld, a fast load fetches them all before its first paint: a
 * link is fetched at once by the preload scanner, wherever it stands; a face declared in <head>
 * by the first layout, which then waits for it; the manifest and the count once the page has
 * loaded, which comes before the paint when nothing else is asked for. Lighthouse's simulation of
 * a slow link is built from such a load, and puts each request that ended before the paint on the
 * paint's path (docs/performance.md, "First paint on a slow link").
 */

/** The attribute of the <noscript> in <head> that holds the brand face's @font-face. */
export const brandFaceMarker = 'data-brand-face';

/** The event the page's window gets once it has painted and loaded; the view is counted then (VisitCount). */
export const paintedEvent = 'gm-painted';

/**
 * `brandFaceStorageKey` is set once the brand face has been fetched into the HTTP cache: a later
 * page declares the face before its first paint (BrandFaceScript), so a returning visitor's text
 * is drawn in it from the start, as `font-display: optional` allows when the file is at hand.
 */
const brandFaceKey = JSON.stringify(brandFaceStorageKey);

/**
 * Runs in <head> right after the face's <noscript>: when the face is in the cache, its rule goes
 * into <head> before the body is parsed, so the first layout uses it. localStorage may refuse
 * (a private window): the page then keeps its fallback faces.
 */
const brandFaceCode =
  `try{localStorage[${brandFaceKey}]&&document.head.insertAdjacentHTML("beforeend",` +
  'document.currentScript.previousElementSibling.textContent)}catch(e){}';

/**
 * Runs at the end of <body>. Once the first contentful paint is reported (the browser reports it
 * after the frame is shown; where it cannot, once the page has loaded), it puts each
 * `afterPaintMarker` <noscript>'s content after it. The stylesheet goes in as `media="print"`:
 * fetched and parsed, but applied only at the visitor's first use of the page (`usedOn`), unless
 * that came first. Once the page has also loaded, it fetches the brand face into the cache and
 * notes it, without using it here (a face that came after the first paint would redraw the text
 * under the visitor), and tells the view count.
 *
 * Why at first use: the inline CSS already holds every rule that matches an element of the page
 * (lib/first-paint-css.ts); the stylesheet adds the rules for what only use brings (a menu opened,
 * an island's states and the elements it renders). Applying it restyles the whole page in one
 * task, 60–120 ms at Lighthouse's 4× CPU on the home page, and right after the paint that task was
 * most of the page's blocking time (docs/performance.md, "Blocking time after the first paint").
 * No island wakes and no state changes before one of these events (D28, D30), so the stylesheet is
 * applied before anything needs it: a capturing listener on the window runs before the page's own.
 */
export const usedOn = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'scroll'];
const afterFirstPaintCode =
  `(function(d,w,l,P,o,u,E){E=${JSON.stringify(usedOn)};` +
  // At first use: every stylesheet held back applies, and the listeners go.
  'function a(){u=1;E.forEach(t=>w.removeEventListener(t,a,!0));d.querySelectorAll("link[data-on-use]").forEach(k=>k.media="all")}' +
  'E.forEach(t=>w.addEventListener(t,a,{capture:!0,passive:!0}));' +
  `function i(){d.querySelectorAll("noscript[${afterPaintMarker}]").forEach(n=>n.insertAdjacentHTML("afterend",u?n.textContent:n.textContent.replace('rel="stylesheet"','rel="stylesheet" media="print" data-on-use')));` +
  'd.readyState[0]=="c"?f():w.addEventListener(l,f)}' +
  // The face's url() from its rule; a rejected load (offline, refused) is left quiet.
  `function f(){try{var m=/url\\([^)]+\\)/.exec(d.querySelector("noscript[${brandFaceMarker}]").textContent),s=localStorage;` +
  `m&&!s[${brandFaceKey}]&&new FontFace("brandFont",m[0]).load().then(()=>s[${brandFaceKey}]=1,()=>0)}catch(e){}` +
  `w.dispatchEvent(new Event("${paintedEvent}"))}` +
  '(P=w.PerformanceObserver)&&(P.supportedEntryTypes||[]).includes("paint")' +
  '?(o=new P(e=>e.getEntriesByName("first-contentful-paint")[0]&&(o.disconnect(),setTimeout(i)))).observe({type:"paint",buffered:!0})' +
  ':w.addEventListener(l,i)})(document,window,"load")';

export function BrandFaceScript() {
  return <script dangerouslySetInnerHTML={{ __html: brandFaceCode }} />;
}

export function AfterFirstPaint() {
  return <script dangerouslySetInnerHTML={{ __html: afterFirstPaintCode }} />;
}
