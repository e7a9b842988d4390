import { closeErrorWord } from '@/components/forms/form-words';
import { contactWords } from '@/components/contact/contact-words';
import {
  enquiryFieldError,
  enquiryFields,
  type EnquiryField,
  type SubmissionAccepted,
} from '@growmail/contracts/form-fields';
import { formActions } from '@growmail/contracts/form-posts';
import type { Enquiry } from '@growmail/contracts/forms';
import { messages, type Messages } from '@growmail/contracts/messages';
import { useState, type FormEvent } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { FormAlert } from '@/components/forms/form-alert';
import { useGuestSubmit } from '@/components/forms/guest-submit';
import { Honeypot } from '@/components/forms/honeypot';
import { PostFields } from '@/components/forms/post-fields';
import { useServedForm, type ServedProps } from '@/components/forms/server-state';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextAreaField, TextField } from '@/components/forms/text-field';

const empty: Enquiry = { fullname: '', email: '', subject: '', body: '' };
type Errors = Partial<Record<EnquiryField, string>>;

/** The contact form's own fields of a record the server sent. */
const pick = (record: Record<string, string>): Partial<Enquiry> =>
  Object.fromEntries(enquiryFields.flatMap((field) => (record[field] ? [[field, record[field]]] : [])));

const validate = (values: Enquiry, catalogue: Messages): Errors =>
  Object.fromEntries(
    enquiryFields.flatMap((field) => {
      const error = enquiryFieldError(field, values[field], catalogue);
      return error ? [[field, error]] : [];
    }),
  );

/**
 * The 'Got Questions?' enquiry form (spec "States and transitions", "Validation rules", "Error catalogue"):
 * validated on every input, sent to the users service. Without JavaScript it posts to its page
 * (D30), and starts from what the server rendered there.
 */
export function ContactForm({ usersUrl, ...page }: { usersUrl: string } & ServedProps<'contact'>) {
  const [served, summary, clearSummary] = useServedForm(page.served);
  const [values, setValues] = useState<Enquiry>(() => ({ ...empty, ...pick(served.values) }));
  const [errors, setErrors] = useState<Errors>(() => pick(served.errors));
  const catalogue: Messages = page.messages ?? messages;
  const words = page.words?.contact ?? contactWords;
  const { submitting, outcome, setOutcome, honeypot, send, formRef } = useGuestSubmit({ stampFrom: usersUrl });

  const change = (field: EnquiryField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: enquiryFieldError(field, value, catalogue) ?? undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearSummary();
    const found = validate(values, catalogue);
    setErrors(found);
    const firstInvalid = enquiryFields.find((field) => found[field]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const trimmed = Object.fromEntries(enquiryFields.map((field) => [field, values[field].trim()])) as Enquiry;
    const answer = await send<SubmissionAccepted>(`${usersUrl}/guests/enquiry`, { method: 'POST', body: trimmed });
    if (answer.payload) {
      setOutcome({ kind: 'success', message: answer.payload.message });
      setValues(empty);
      setErrors({});
    } else {
      setOutcome({ kind: 'error', message: answer.error ?? catalogue.networkFailure });
    }
  }

  const field = (name: EnquiryField) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    error: errors[name],
    required: true,
    // The message a press of Send shows before the script has come (forms/first-answer.tsx).
    'data-required': catalogue.required[name],
  });

  return (
    <form
      ref={formRef}
      method="post"
      action={formActions.enquiry}
      data-form="enquiry"
      data-first-answer=""
      noValidate
      onSubmit={submit}
      className="relative flex flex-col gap-4"
      aria-label={words.form}
    >
      <ErrorSummary
        items={enquiryFields.flatMap((name) =>
          summary.errors[name] ? [{ fieldId: `contact-${name}`, message: summary.errors[name] }] : [],
        )}
        alert={summary.alert}
        title={catalogue.errorSummary}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          {...field('fullname')}
          label={words.fullname}
          autoComplete="name"
          onChange={(event) => change('fullname', event.target.value)}
        />
        <TextField
          {...field('email')}
          label={words.email}
          type="email"
          autoComplete="email"
          onChange={(event) => change('email', event.target.value)}
        />
      </div>
      <TextField
        {...field('subject')}
        label={words.subject}
        onChange={(event) => change('subject', event.target.value)}
      />
      <TextAreaField
        {...field('body')}
        label={words.body}
        rows={5}
        onChange={(event) => change('body', event.target.value)}
      />
      <PostFields form="enquiry" stamp={page.stamp} language={page.language} />
      <Honeypot {...honeypot} label={page.words?.honeypot} />
      <FormAlert
        outcome={outcome}
        onClose={() => setOutcome(null)}
        closeLabel={page.words?.closeError ?? closeErrorWord}
      />
      <div>
        <SubmitButton submitting={submitting}>{submitting ? words.sending : words.send}</SubmitButton>
      </div>
    </form>
  );
}
