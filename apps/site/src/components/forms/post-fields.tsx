import { formStampField } from '@growmail/contracts/form-fields';
import { formNameField, formStampStandIn, type PostedForm } from '@growmail/contracts/form-posts';

/**
 * The hidden fields of a form's native post (D30): which form it is, and for a lead form the
 * stamp the server signs into the page as it sends it, so a visitor without JavaScript is not
 * taken for a bot.
 */
export function PostFields({ form, stamped = true }: { form: PostedForm; stamped?: boolean }) {
  return (
    <>
      <input type="hidden" name={formNameField} value={form} />
      {stamped && <input type="hidden" name={formStampField} defaultValue={formStampStandIn} />}
    </>
  );
}
