import { formStateAttribute, type FormPageState, type PostedForm } from '@growmail/contracts/form-posts';
import { useState } from 'react';

const none: FormPageState = { values: {}, errors: {} };

/**
 * The state the server rendered into this form's page after a native post with errors (D30),
 * read once, during the first render. Hydration then renders what the server sent: the values
 * typed, each field's message and the summary. In the build, and on a page served as built,
 * there is none.
 */
function serverFormState(form: PostedForm): FormPageState {
  if (typeof document === 'undefined') return none;
  const text = document.querySelector(`form[data-form="${form}"]`)?.getAttribute(formStateAttribute);
  if (!text) return none;
  try {
    const state = JSON.parse(text) as Partial<FormPageState>;
    return { ...none, ...state };
  } catch {
    return none;
  }
}

/**
 * A form's start from what the server sent, and its error summary: the served one until the
 * visitor submits again (the third item clears it), when the island's own messages take over.
 */
export function useServedForm(form: PostedForm): [FormPageState, FormPageState, () => void] {
  const [served] = useState(() => serverFormState(form));
  const [summary, setSummary] = useState(served);
  return [served, summary, () => setSummary(none)];
}
