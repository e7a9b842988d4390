import { formStateAttribute, type FormPageState, type PostedForm } from '@growmail/contracts/form-posts';

const none: FormPageState = { values: {}, errors: {} };

/**
 * The state the server rendered into this form's page after a native post with errors (D30),
 * read once, during the first render. Hydration then renders what the server sent: the values
 * typed, each field's message and the summary. In the build, and on a page served as built,
 * there is none.
 */
export function serverFormState(form: PostedForm): FormPageState {
  if (typeof document === 'undefined') return none;
  const text = document.querySelector(`form[data-form="${form}"]`)?.getAttribute(formStateAttribute);
  if (!text) return none;
  try {
    const state = JSON.parse(text) as Partial<FormPageState>;
    return { values: state.values ?? {}, errors: state.errors ?? {}, ...(state.alert ? { alert: state.alert } : {}) };
  } catch {
    return none;
  }
}
