import type { FormPageState } from '@growmail/contracts/form-posts';
import type { Language } from '@growmail/contracts/language';
import type { Messages } from '@growmail/contracts/messages';
import { useState } from 'react';
import type { FormWords, SharedWord, WordedForm } from './form-words';

const none: FormPageState = { values: {}, errors: {} };

/**
 * A form's start from the state the server had its page rendered with after a native post
 * (D30, D35): the values typed, each field's message and the summary, passed as the island's
 * props, so the page on demand and its hydration render the same. A built page has none. The
 * served summary stays until the visitor submits again (the third item clears it), when the
 * island's own messages take over.
 */
export function useServedForm(served: FormPageState = none): [FormPageState, FormPageState, () => void] {
  const [summary, setSummary] = useState(served);
  return [served, summary, () => setSummary(none)];
}

/**
 * What a form's island takes from its page: the state of a page rendered on demand, a lead
 * form's stamp, and on a French page its language and catalogue (D37): `language="fr"` (the
 * native post's hidden field) and `messages={messagesFr}` (the contracts' messages-fr). As props
 * they travel in that page's HTML only, so the English pages' script never carries the French
 * words. The JSON calls ask for answers in the page's `<html lang>` (lib/guest-api.ts).
 * `Form` names the forms whose words the island reads (lib/island-language.ts hands it those
 * and no others).
 */
export type ServedProps<Form extends WordedForm = never> = {
  served?: FormPageState | undefined;
  stamp?: string | undefined;
  language?: Language | undefined;
  messages?: Messages | undefined;
  /** The island's labels and buttons in the page's language (./form-words.ts): its forms' own, and the error box's close button. */
  words?: Pick<FormWords, Form | SharedWord> | undefined;
};

/** Whether a served state has problems to show: a field's message, or one for the whole form. */
export const hasProblems = (served: FormPageState | undefined): boolean =>
  Boolean(served && (Object.keys(served.errors).length > 0 || served.alert));
