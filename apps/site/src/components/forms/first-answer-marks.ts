/** What a form's first answer (first-answer.tsx) sets, and how the directive takes it away; kept apart so the directive carries only this. */

/** The attribute that carries a message shown before React, and the one that names what the answer set. */
export const earlyErrorAttribute = 'data-early-error';
export const earlyMarkAttribute = 'data-early-mark';

/**
 * Takes away what `firstAnswer` set, so React's own answer, rendered in the same task, is all
 * there is: an element it showed is hidden again, and an attribute it added goes.
 */
export function clearFirstAnswer(root: Element) {
  for (const element of root.querySelectorAll(`[${earlyMarkAttribute}]`)) {
    const mark = element.getAttribute(earlyMarkAttribute)!;
    element.removeAttribute(earlyMarkAttribute);
    element.removeAttribute(earlyErrorAttribute);
    for (const attribute of mark.split(' ').filter(Boolean))
      if (attribute === 'hidden') element.setAttribute('hidden', '');
      else element.removeAttribute(attribute);
  }
}
