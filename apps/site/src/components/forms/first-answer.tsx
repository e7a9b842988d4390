/**
 * A form's first press of its button, answered before its island's script has arrived (issue 57).
 * Its island loads on first use (`client:form`), which on a budget phone takes a second or more; a
 * press of Send with fields left empty is answered at once, from the page: each empty field marked
 * `data-required` shows the message it carries (the site's own, from the form's rules), or the
 * form shows the one message in its `data-first-answer`. The submit itself goes on as before: the
 * directive holds it for React, which answers it again with the same words, or posts it natively
 * if React never comes (D30).
 *
 * Only attributes change, never the text React hydrates: the message is drawn by the stylesheet
 * from `data-early-error` (`::before`), so hydration finds the markup it rendered, and the
 * directive takes the marks away in the same task as it hands the submit to React
 * (`clearFirstAnswer`), which then shows its own: no frame without a message in between.
 */

import { earlyErrorAttribute, earlyMarkAttribute } from './first-answer-marks';

/**
 * Runs in the page: on a submit of a form with `data-first-answer` in an island React does not
 * hold yet (`ssr`), each empty `data-required` field is marked invalid and shows its message, the
 * form its general one, and the first such field takes focus. What it set is named in
 * `earlyMarkAttribute` for `clearFirstAnswer`. Small by hand, as the head's scripts are;
 * tests/e2e/first-tap.test.ts holds it.
 */
const code =
  `(function(d,E,K){d.addEventListener("submit",function(e){var f=e.target,F,` +
  's=function(x,m){x&&m&&(x.setAttribute(E,m),x.setAttribute(K,x.hidden?"hidden":""),x.hidden=!1)};' +
  'if(!f.closest||!f.hasAttribute("data-first-answer")||!f.closest("astro-island[ssr]"))return;' +
  'f.querySelectorAll("[data-required]").forEach(function(i){var m=i.getAttribute("data-required"),k=[],p=i.id+"-error";' +
  'if(i.value.trim())return;F=F||i;' +
  'i.hasAttribute("aria-invalid")||(i.setAttribute("aria-invalid","true"),k.push("aria-invalid"));' +
  'if(m){s(d.getElementById(p),m);i.hasAttribute("aria-describedby")||(i.setAttribute("aria-describedby",p),k.push("aria-describedby"))}' +
  'k.length&&i.setAttribute(K,k.join(" "))});' +
  'F&&(s(f.querySelector("[data-general-error]"),f.getAttribute("data-first-answer")),F.focus())},!0)})' +
  `(document,${JSON.stringify(earlyErrorAttribute)},${JSON.stringify(earlyMarkAttribute)})`;

/** The inline script, once per page that has a form answering early. */
export function FirstAnswerScript() {
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
