import { useEffect, useRef } from 'react';
import { formReadyEvent } from './form-ready';

/** The browser's own setter of a field's value or checked state, which React's change tracking does not see. */
const setNative = (field: HTMLInputElement | HTMLTextAreaElement, property: 'value' | 'checked', value: unknown) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)!.set!.call(field, value);

/**
 * The page is static HTML until the form's island hydrates, and a visitor may type into it
 * before then. React keeps the server's (empty) state and takes the typed text as already
 * seen, so the words would be lost on submit. Once hydrated, each field whose text differs
 * from what React rendered is handed over as a change, as if typed now. Attach the ref to the
 * <form>. A box ticked, a radio or a select's option chosen is handed over the same way.
 */
export function useEarlyInput() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const root = form.current;
    if (!root) return;
    for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      if (field instanceof HTMLInputElement && ['checkbox', 'radio'].includes(field.type)) {
        // A box ticked or a radio chosen: React reads a click on it as the change.
        const chosen = field.checked;
        if (chosen === field.defaultChecked || field.disabled || (field.type === 'radio' && !chosen)) continue;
        field.checked = field.defaultChecked;
        setNative(field, 'checked', chosen);
        field.dispatchEvent(new Event('click', { bubbles: true }));
        continue;
      }
      if (field instanceof HTMLInputElement && field.type === 'hidden') continue;
      const typed = field.value;
      if (typed === field.defaultValue) continue;
      // Through React's own setter, so it notes the rendered value; then the typed text
      // natively, so the input event below reads as a change.
      field.value = field.defaultValue;
      setNative(field, 'value', typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // A choice made in a native select (components/forms/select.tsx) before hydration.
    for (const select of root.querySelectorAll('select')) {
      if ([...select.options].some((option) => option.selected !== option.defaultSelected))
        select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    root.dispatchEvent(new Event(formReadyEvent, { bubbles: true }));
  }, []);
  return form;
}
