import { marketingParameter, utmStorageKey } from '@growmail/contracts/routes';

const key = JSON.stringify(utmStorageKey);

/**
 * The script every page runs inline in <head>, minified by hand (keep it near 1.5 KB). It runs
 * before the body is parsed, so it listens on `document` and finds elements by attribute.
 */
const code = [
  // `h` is the flyout panel the pointer opened: a click on its button then keeps it open.
  `(function(d,h){`,
  // The marketing pairs of a query string, as contracts' marketingQuery() keeps them (D31).
  `function m(s){return s.split("&").filter(p=>${marketingParameter}.test(p.split("=")[0])).join("&")}`,
  // Saves the landing query's marketing parameters under localStorage `utm` (spec "Screens and
  // routes"); a landing with none, such as a confirmation link's token, leaves the stored value.
  `try{var q=m(location.search.slice(1));if(q)localStorage.setItem(${key},q)}catch(e){}`,
  // Gives a 'Get started' link (components/get-started-link.tsx) the stored utm, as
  // lib/register-url.ts does: the server rendered it without one. A value stored before D31 is
  // filtered too.
  `function g(a){try{var u=m(localStorage.getItem(${key})||"")}catch(e){}if(u){u=new URLSearchParams(u);u.set("location",a.dataset.getStarted);a.href=a.href.split("?")[0]+"?"+u}}`,
  // Opens or closes an accordion (the mobile menu's Products).
  `function x(b,o){d.getElementById(b.getAttribute("aria-controls")).hidden=!o;b.ariaExpanded=o}`,
  `function f(s,c){d.querySelectorAll(s).forEach(c)}`,
  `function l(t,c){d.addEventListener(t,c,!0)}`,
  // Once the page is parsed: the links get the utm, the popover buttons their state, and the
  // accordions, rendered open for visitors without this script, close.
  `l("DOMContentLoaded",()=>{f("[data-get-started]",g);f("[popovertarget]",b=>b.ariaExpanded=b.popoverTargetElement.matches(":popover-open"));f("[data-disclosure]",b=>x(b,!1))});`,
  // However a popover opened or closed (button, Escape, a click outside, the code below), its
  // buttons' aria-expanded follows. `toggle` does not bubble, hence listening while capturing.
  `l("toggle",e=>f('[popovertarget="'+e.target.id+'"]',b=>b.ariaExpanded=e.newState=="open"));`,
  `"mouseover mouseout focusin focusout click".split(" ").forEach(t=>l(t,e=>{`,
  `var n=e.target,r=e.relatedTarget,w=n.closest("[data-flyout]"),p=w&&w.querySelector("[popover]"),a=n.closest("[data-get-started]"),b;`,
  // A link rendered later, by an island such as the pricing plans, gets the utm before use.
  `if(a)g(a);`,
  // The desktop flyout opens when the pointer comes in from outside, and closes when the
  // pointer or keyboard focus leaves. Focus alone does not open it: Enter or Space on the
  // button does, as a disclosure's button (the browser's popover toggle).
  `if(w&&!w.contains(r)){if(t=="mouseover")p.showPopover(),h=p;else if(t=="mouseout"||t=="focusout"&&r)p.hidePopover()}`,
  // A pointer's click on the button of a flyout the pointer opened keeps it open instead of
  // closing it; on a touch screen the tap's mouseover has just opened it. A key's click
  // (detail 0) always toggles. Clicks also run the accordions, and choosing a link in a
  // popover closes it, even when the link stays on the page.
  `if(t=="click"){if(n.closest("[popovertarget]")){if(e.detail&&h&&h==p&&p.matches(":popover-open"))e.preventDefault();h=0}`,
  `if(b=n.closest("[data-disclosure]"))x(b,b.ariaExpanded!="true");`,
  `if(b=n.closest("[popover] a"))b.closest("[popover]").hidePopover()}}))})(document)`,
].join('');

/**
 * Saves the landing query, puts it on every 'Get started' link, and enhances the header's menus
 * (components/layout/products-flyout.tsx and mobile-menu.tsx), which work without it as platform
 * popovers. An inline script costs no download, and the server's CSP allows it by hash.
 */
export function HeadScript() {
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
