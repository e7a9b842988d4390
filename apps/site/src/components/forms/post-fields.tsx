import { formStampField } from '@growmail/contracts/form-fields';
import { formNameField, formStampStandIn, type PostedForm } from '@growmail/contracts/form-posts';
import { useState } from 'react';

/**
 * The hidden fields of a form's native post (D30): which form it is, and for a lead form the
 * stamp the server signs into the page as it sends it, so a visitor without JavaScript is not
 * taken for a bot.
 */
export function PostFields({ form, stamped = true }: { form: PostedForm; stamped?: boolean }) {
  // Hydration writes the rendered value back into a hidden field, so it renders the stamp the
  // server signed into the page, read before React touches it.
  const [stamp] = useState(
    () =>
      (typeof document !== 'undefined' &&
        document.querySelector<HTMLInputElement>(`form[data-form="${form}"] input[name="${formStampField}"]`)?.value) ||
      formStampStandIn,
  );
  return (
    <>
      <input type="hidden" name={formNameField} value={form} />
      {stamped && <input type="hidden" name={formStampField} defaultValue={stamp} />}
    </>
  );
}
