import { formStateAttribute, type FormPageState, type PostedForm } from '@growmail/contracts/form-posts';
import { escapeAttribute, escapeText } from 'entities';
import { parse, type HTMLElement } from 'node-html-parser';

/**
 * Renders a native post's problems into the built page that holds the form (D30): the values
 * typed, each field's message in its own paragraph with the control marked invalid, and the
 * error summary at the top of the form, focused on load, linking to each field. The page's
 * markup is the site's own: the form leaves an empty, hidden place for every message, so the
 * server writes text and attributes, never markup or class names. Inline scripts are left as
 * they are, so the page's CSP hashes still hold.
 */
export function renderFormPage(html: string, form: PostedForm, state: FormPageState): string {
  const root = parse(html, { comment: true });
  const element = root.querySelector(`form[data-form="${form}"]`);
  if (!element) throw new Error(`The page has no form named ${form}.`);
  element.setAttribute(formStateAttribute, escapeAttribute(JSON.stringify(state)));

  for (const [name, value] of Object.entries(state.values)) {
    for (const control of controlsNamed(element, name, { hidden: true })) fill(control, value);
    showWith(root, name, value);
  }
  const summaryItems: string[] = [];
  for (const [name, message] of Object.entries(state.errors)) {
    const control = controlsNamed(element, name, { hidden: false })[0];
    if (!control) continue;
    const paragraph = fieldErrorOf(control);
    control.setAttribute('aria-invalid', 'true');
    if (paragraph) {
      paragraph.set_content(escapeText(message));
      paragraph.removeAttribute('hidden');
      control.setAttribute('aria-describedby', escapeAttribute(paragraph.id));
    }
    const id = control.id;
    summaryItems.push(`<li><a href="#${escapeAttribute(id)}">${escapeText(message)}</a></li>`);
  }

  const problems = Object.keys(state.errors).length > 0 || Boolean(state.alert);
  const summary = problems ? element.querySelector('[data-error-summary]') : null;
  if (summary) {
    summary.removeAttribute('hidden');
    summary.setAttribute('autofocus', '');
    summary.querySelector('[data-error-summary-list]')?.set_content(summaryItems.join(''));
    const alert = summary.querySelector('[data-error-summary-alert]');
    if (alert && state.alert) {
      alert.set_content(escapeText(state.alert));
      alert.removeAttribute('hidden');
    }
  }
  const title = root.querySelector('title');
  if (title && problems) title.set_content(escapeText(`Error: ${title.text}`));
  return root.toString();
}

/**
 * What a page shows of a value it was given (the link's address on the preferences page, the
 * token on the confirmation page): `data-text-of` takes the value as its text, and a part
 * marked `data-shown-with` (or `data-hidden-with`) that name is shown (or hidden) when it has one.
 */
function showWith(root: HTMLElement, name: string, value: string) {
  if (!value) return;
  for (const part of root.querySelectorAll(`[data-text-of="${name}"]`)) part.set_content(escapeText(value));
  for (const part of root.querySelectorAll(`[data-shown-with="${name}"]`)) part.removeAttribute('hidden');
  for (const part of root.querySelectorAll(`[data-hidden-with="${name}"]`)) part.setAttribute('hidden', '');
}

/** A form's controls of one name: the field itself, or each radio of a group; hidden ones if asked. */
const controlsNamed = (form: HTMLElement, name: string, { hidden }: { hidden: boolean }) =>
  form
    .querySelectorAll('input, textarea, select')
    .filter(
      (control) => control.getAttribute('name') === name && (hidden || control.getAttribute('type') !== 'hidden'),
    );

function fill(control: HTMLElement, value: string) {
  const tag = control.tagName.toLowerCase();
  const type = control.getAttribute('type') ?? 'text';
  if (tag === 'textarea') {
    // The parser drops one newline right after <textarea>; a value that starts with one keeps it.
    control.set_content(escapeText(value.startsWith('\n') ? `\n${value}` : value));
  } else if (tag === 'select') {
    for (const option of control.querySelectorAll('option')) {
      if ((option.getAttribute('value') ?? option.text) === value) option.setAttribute('selected', '');
      else option.removeAttribute('selected');
    }
  } else if (type === 'checkbox' || type === 'radio') {
    if ((control.getAttribute('value') ?? 'on') === value) control.setAttribute('checked', '');
    else control.removeAttribute('checked');
  } else {
    control.setAttribute('value', escapeAttribute(value));
  }
}

/** The paragraph in the control's field frame that holds its message (components/forms/field.tsx). */
function fieldErrorOf(control: HTMLElement): HTMLElement | null {
  for (let frame = control.parentNode; frame; frame = frame.parentNode) {
    const paragraph = frame.querySelector('[data-field-error]');
    if (paragraph) return paragraph;
    if (frame.tagName === 'FORM') return null;
  }
  return null;
}
