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

/** Runs in the page, as an inline script: written without imports, and kept to the language every browser of the site runs. */
export function firstAnswer(d: Document, errorAttribute: string, markAttribute: string) {
  d.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-first-answer')) return;
      if (!form.closest('astro-island[ssr]')) return;
      let first: HTMLElement | undefined;
      const show = (element: Element | null, message: string | undefined) => {
        if (!element || !message) return;
        element.setAttribute(errorAttribute, message);
        element.setAttribute(markAttribute, element.hasAttribute('hidden') ? 'hidden' : '');
        element.removeAttribute('hidden');
      };
      for (const field of form.querySelectorAll<HTMLInputElement>('[data-required]')) {
        if (field.value.trim() !== '') continue;
        first = first ?? field;
        if (!field.hasAttribute('aria-invalid')) {
          field.setAttribute('aria-invalid', 'true');
          field.setAttribute(markAttribute, 'aria-invalid');
        }
        const message = field.getAttribute('data-required');
        if (message) {
          show(d.getElementById(`${field.id}-error`), message);
          if (!field.hasAttribute('aria-describedby')) {
            field.setAttribute('aria-describedby', `${field.id}-error`);
            field.setAttribute(markAttribute, 'aria-invalid aria-describedby');
          }
        }
      }
      if (first) {
        show(form.querySelector('[data-general-error]'), form.getAttribute('data-first-answer') ?? undefined);
        first.focus();
      }
    },
    true,
  );
}

const code =
  `(${firstAnswer.toString()})(document,${JSON.stringify(earlyErrorAttribute)},${JSON.stringify(earlyMarkAttribute)})`.replace(
    // The build's own code, its line breaks and indents taken out (every statement ends in a semicolon).
    /\n\s*/g,
    '',
  );

/** The inline script, once per page that has a form answering early. */
export function FirstAnswerScript() {
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
