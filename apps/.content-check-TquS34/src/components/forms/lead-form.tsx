import { closeErrorWord } from './form-words';
import { leadWords } from '@/components/forms/lead-words';
import { parseFieldError, type SubmissionAccepted } from '@growmail/contracts/form-fields';
import { messages } from '@growmail/contracts/messages';
import { formActions } from '@growmail/contracts/form-posts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorSummary } from './error-summary';
import { FormAlert } from './form-alert';
import { useGuestSubmit } from './guest-submit';
import { Honeypot } from './honeypot';
import { useHydrated } from './hydrated';
import { PostFields } from './post-fields';
import { useServedForm, type ServedProps } from './server-state';
import { Select } from './select';
import type { SelectOption } from './select-options';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

const textFields = [
  { name: 'firstname', autoComplete: 'given-name', type: 'text' },
  { name: 'lastname', autoComplete: 'family-name', type: 'text' },
  { name: 'company_name', autoComplete: 'organization', type: 'text' },
  { name: 'email', autoComplete: 'email', type: 'email' },
  { name: 'phone_number', autoComplete: 'tel', type: 'tel' },
] as const;

export type LeadChoice = { name: string; label: string; options: readonly SelectOption[] };

type Props = {
  /** Where to POST, and the request's `type` ('demo' or 'startup'). */
  url: string;
  /** The users service, which issues the form's time stamp. */
  usersUrl: string;
  type: 'demo' | 'startup';
  choices: readonly LeadChoice[];
  submitLabel: string;
  successMessage: string;
  /**
   * Static HTML after the fields (the demo's time picker, D32). A post that chooses in it (a
   * slot, or its own submit button) goes natively, as without JavaScript: the server answers
   * it with the outcome or the page.
   */
  children?: ReactNode;
  /** Static HTML buttons after the submit button (the picker's "Show times"): after it, so Enter still submits. */
  actions?: ReactNode;
  /** Where the summary links a problem on a field of `children` (the picker's zone and time), by field name. */
  summaryTargets?: Readonly<Record<string, string>>;
};

/** Whether this submit is the picker's to post natively: its own button, or a slot chosen. */
function postsNatively(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (submitter?.hasAttribute('data-demo-show-times')) return true;
  const slot = new FormData(event.currentTarget).get('slot');
  return typeof slot === 'string' && slot !== '' && slot !== 'none';
}

/**
 * The demo and startup forms (spec "States and transitions", "Error catalogue"): every field required, the button disabled until
 * all are filled, the request sent as `{type, metadata}`. The server's field errors are shown
 * on their fields, on top of the spec's general failure message. Without JavaScript the form
 * posts to its page and the button stays enabled: the server's validation answers (D30).
 */
export function LeadForm({
  url,
  usersUrl,
  type,
  choices,
  submitLabel,
  successMessage,
  children,
  actions,
  served: servedState,
  stamp,
  language,
  messages: catalogue = messages,
  words: catalogueWords,
  summaryTargets = {},
}: Props & ServedProps<'lead'>) {
  const words = catalogueWords?.lead ?? leadWords;
  const idPrefix = useId();
  const names = [...textFields.map((field) => field.name), ...choices.map((choice) => choice.name)];
  const blank = Object.fromEntries(names.map((name) => [name, ''])) as Record<string, string>;
  const [served, summary, clearSummary] = useServedForm(servedState);
  const [values, setValues] = useState(() =>
    Object.fromEntries(names.map((name) => [name, served.values[name] ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>(served.errors);
  const { submitting, outcome, setOutcome, honeypot, send, formRef } = useGuestSubmit({ stampFrom: usersUrl });
  const hydrated = useHydrated();
  const complete = names.every((name) => values[name]!.trim() !== '');
  const fieldId = (name: string) => `${idPrefix}-${name}`;

  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (children && postsNatively(event)) {
      // A combobox shows its option's label; the post carries the value, as the native select sends.
      for (const choice of choices) {
        const control = event.currentTarget.elements.namedItem(choice.name);
        if (control instanceof HTMLInputElement) control.value = values[choice.name] ?? '';
      }
      return;
    }
    event.preventDefault();
    if (!complete || submitting) return;
    clearSummary();
    const metadata = { type, ...Object.fromEntries(names.map((name) => [name, values[name]!.trim()])) };
    const answer = await send<SubmissionAccepted>(url, { method: 'POST', body: { type, metadata } });
    if (answer.payload) {
      setOutcome({ kind: 'success', message: successMessage });
      setValues(blank);
      setErrors({});
      return;
    }
    // "metadata.email: Invalid email address." names the field to fix.
    const named = parseFieldError(answer.error ?? '');
    const field = named?.path[0] === 'metadata' ? named.path[1] : undefined;
    if (named && field && names.includes(field)) setErrors({ [field]: named.message });
    setOutcome({ kind: 'error', message: catalogue.formFailed });
  }

  const hintId = `${idPrefix}-hint`;
  return (
    <form
      ref={formRef}
      method="post"
      action={formActions[type]}
      data-form={type}
      noValidate
      onSubmit={submit}
      className="relative flex flex-col gap-4"
      aria-label={submitLabel}
    >
      <ErrorSummary
        items={[
          ...names.flatMap((name) =>
            summary.errors[name] ? [{ fieldId: fieldId(name), message: summary.errors[name] }] : [],
          ),
          ...Object.entries(summaryTargets).flatMap(([name, id]) =>
            summary.errors[name] ? [{ fieldId: id, message: summary.errors[name] }] : [],
          ),
        ]}
        alert={summary.alert}
        title={catalogue.errorSummary}
      />
      <p id={hintId} className="text-sm text-ink-700">
        {words.required}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {textFields.map((field) => (
          <TextField
            key={field.name}
            id={fieldId(field.name)}
            name={field.name}
            label={words[field.name]}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(event) => change(field.name, event.target.value)}
          />
        ))}
        {choices.map((choice) => (
          <Select
            key={choice.name}
            id={fieldId(choice.name)}
            name={choice.name}
            label={choice.label}
            options={choice.options.map((option) => ({
              ...option,
              label: words.options[option.value] ?? option.label,
            }))}
            placeholder={words.select}
            required
            value={values[choice.name] || null}
            error={errors[choice.name]}
            onChange={(value) => change(choice.name, value ?? '')}
          />
        ))}
      </div>
      {children}
      <PostFields form={type} stamp={stamp} language={language} />
      <Honeypot {...honeypot} label={catalogueWords?.honeypot} />
      <FormAlert
        outcome={outcome}
        onClose={() => setOutcome(null)}
        closeLabel={catalogueWords?.closeError ?? closeErrorWord}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton
          submitting={submitting}
          disabled={hydrated && !complete}
          describedBy={hydrated && !complete ? hintId : undefined}
        >
          {submitting ? words.submitting : submitLabel}
        </SubmitButton>
        {actions}
      </div>
    </form>
  );
}
