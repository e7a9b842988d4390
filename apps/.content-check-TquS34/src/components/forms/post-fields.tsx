import { formStampField } from '@growmail/contracts/form-fields';
import { formNameField, formStampStandIn, languageField, type PostedForm } from '@growmail/contracts/form-posts';
import type { Language } from '@growmail/contracts/language';
import { useState } from 'react';

type Props = {
  form: PostedForm;
  /** Whether the form is a lead form, which carries a form stamp. */
  stamped?: boolean;
  /** The stamp a page rendered on demand was given; a built page carries the stand-in the server signs per window. */
  stamp?: string | undefined;
  /** The page's language (D37), given on a French page only: its post says so, so its problems and mails are French. */
  language?: Language | undefined;
};

/**
 * The hidden fields of a form's native post (D30): which form it is, and for a lead form the
 * stamp that proves the page was loaded, so a visitor without JavaScript is not taken for a bot.
 */
export function PostFields({ form, stamped = true, stamp, language }: Props) {
  // Hydration writes the rendered value back into a hidden field, so it renders the stamp the
  // page came with, read before React touches it.
  const [value] = useState(
    () =>
      (typeof document !== 'undefined' &&
        document.querySelector<HTMLInputElement>(`form[data-form="${form}"] input[name="${formStampField}"]`)?.value) ||
      (stamp ?? formStampStandIn),
  );
  return (
    <>
      <input type="hidden" name={formNameField} value={form} />
      {stamped && <input type="hidden" name={formStampField} defaultValue={value} />}
      {language && <input type="hidden" name={languageField} value={language} />}
    </>
  );
}
