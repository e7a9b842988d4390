import { calculatorWords } from '@/components/calculator/calculator-words';
import type { Wording } from '@growmail/contracts/language';
import {
  calculatorServices,
  formatDollars,
  readCalculatorForm,
  calculatorMessages as calculatorMessageWords,
  savingsFigures,
  savingsLeadFor,
  showsSavings,
  type CalculatorField,
  type CalculatorForm,
  type CalculatorInput,
  type SavingsFigures,
} from '@growmail/contracts/calculator';
import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { CheckList } from '@/components/ui/check-list';
import { ErrorSummary } from '@/components/forms/error-summary';
import { useGuestSubmit } from '@/components/forms/guest-submit';
import { Honeypot } from '@/components/forms/honeypot';
import { PostFields } from '@/components/forms/post-fields';
import { useServedForm, type ServedProps } from '@/components/forms/server-state';
import { postSavingsLead } from './savings-lead';
import { SavingsPicture } from './savings-picture';

type Props = {
  /** Bases chosen at server start, handed over by the route shell (lib/runtime.ts). */
  salesUrl: string;
  /** The users service, which issues the form's time stamp. */
  usersUrl: string;
  demoUrl: string;
  /** The page's own path, where the form posts without script (D30). */
  action: string;
};

/** The form as the server sent it back after a native post with problems (D30), or empty. */
function servedForm(values: Record<string, string>): CalculatorForm {
  const services = Object.fromEntries(
    calculatorServices.map((service) => [service.value, Boolean(values[service.value])]),
  );
  return {
    customers: values.customers ?? '',
    annualCost: values.annualCost ?? '',
    email: values.email ?? '',
    services: services as CalculatorForm['services'],
  };
}

const input =
  'mt-1.5 block h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-ink-900 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';
const fieldLabel = 'block text-sm font-semibold text-ink-900';

/** The three text inputs of spec "Screens and routes"'s calculator, in order. */
const textFields = [
  { field: 'customers', type: 'text', inputMode: 'numeric', autoComplete: 'off' },
  { field: 'annualCost', type: 'text', inputMode: 'decimal', autoComplete: 'off' },
  { field: 'email', type: 'email', autoComplete: 'email' },
] as const satisfies ReadonlyArray<{ field: CalculatorField } & InputHTMLAttributes<HTMLInputElement>>;

/** The savings calculator (spec "Screens and routes", "Business constants"): the form, then the result with a way back to edit. */
export function SavingsCalculator({
  salesUrl,
  usersUrl,
  demoUrl,
  action,
  served: servedState,
  stamp,
  language,
  messages: catalogue,
  words: formWords,
  calculatorMessages: wording,
}: Props & ServedProps<'calculator'> & { calculatorMessages?: Wording<typeof calculatorMessageWords> | undefined }) {
  const words = formWords?.calculator ?? calculatorWords;
  const id = useId();
  const [served, summary, clearSummary] = useServedForm(servedState);
  const [form, setForm] = useState(() => servedForm(served.values));
  const { honeypot, send, formRef } = useGuestSubmit({ stampFrom: usersUrl });
  const [error, setError] = useState<{ message: string; fields: CalculatorField[] } | null>(() => {
    const fields = Object.keys(served.errors) as CalculatorField[];
    const message = fields[0] ? served.errors[fields[0]] : undefined;
    return message ? { message, fields } : null;
  });
  const [result, setResult] = useState<SavingsFigures | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const lastLead = useRef('');
  const wasResult = useRef(false);

  // Focus follows the view: the result's heading when it appears, the button when the visitor goes back.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
    else if (wasResult.current) submitButton.current?.focus();
    wasResult.current = result !== null;
  }, [result]);

  const fieldId = (field: CalculatorField) => `${id}-${field}`;
  const errorId = `${id}-error`;
  const invalid = (field: CalculatorField) => error?.fields.includes(field) ?? false;
  const describedBy = (field: CalculatorField) => (invalid(field) ? errorId : undefined);

  const edit = (field: CalculatorField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (error?.fields.includes(field)) {
      const fields = error.fields.filter((other) => other !== field);
      setError(fields.length > 0 ? { ...error, fields } : null);
    }
  };

  const sendLead = (value: CalculatorInput, savings: number) => {
    const lead = savingsLeadFor(value, savings);
    const key = JSON.stringify(lead);
    if (key === lastLead.current) return;
    lastLead.current = key;
    void postSavingsLead(send, salesUrl, lead).then((stored) => {
      if (!stored) lastLead.current = '';
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearSummary();
    const reading = readCalculatorForm(form, wording, language);
    if (!reading.ok) {
      setError({ message: reading.message, fields: reading.fields });
      const first = reading.fields[0];
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setError(null);
    const figures = savingsFigures(reading.value);
    setResult(figures);
    sendLead(reading.value, figures.savings);
  };

  if (result) {
    const saves = showsSavings(result.savings);
    return (
      <div data-testid="calculator-result">
        <h2 ref={resultHeading} tabIndex={-1} className="text-2xl font-bold text-ink-900 focus:outline-none">
          {saves ? words.couldSave : words.efficient}
        </h2>
        {saves ? (
          <>
            <p className="mt-3 text-lg text-ink-700">
              {words.saveUpTo}{' '}
              <strong data-testid="savings" className="text-brand-800 tabular-nums">
                {formatDollars(result.savings, language)}
              </strong>{' '}
              {words.everyYear}
            </p>
            <CheckList items={words.benefits} className="mt-4 space-y-2 text-ink-700" />
          </>
        ) : (
          <p className="mt-3 text-lg text-ink-700">{words.efficientLead}</p>
        )}
        <SavingsPicture figures={result} words={words} language={language} />
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a href={demoUrl} className="button-primary">
            {words.book}
          </a>
          <button type="button" className="button-secondary" onClick={() => setResult(null)}>
            {words.edit}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      data-form="savings"
      data-first-answer={(wording ?? calculatorMessageWords).missing}
      noValidate
      onSubmit={submit}
      aria-label={words.form}
      className="relative space-y-5"
    >
      <ErrorSummary
        items={textFields.flatMap(({ field }) =>
          summary.errors[field] ? [{ fieldId: fieldId(field), message: summary.errors[field] }] : [],
        )}
        alert={summary.alert}
        {...(catalogue ? { title: catalogue.errorSummary } : {})}
      />
      {textFields.map(({ field, ...attributes }) => (
        <div key={field}>
          <label htmlFor={fieldId(field)} className={fieldLabel}>
            {words[field]}
          </label>
          <input
            id={fieldId(field)}
            name={field}
            className={input}
            value={form[field]}
            aria-invalid={invalid(field) || undefined}
            aria-describedby={describedBy(field)}
            onChange={(event) => edit(field, event.target.value)}
            // Empty, it gives the form's one message before the script has come (forms/first-answer.tsx).
            data-required=""
            {...attributes}
          />
        </div>
      ))}
      <fieldset>
        <legend className={fieldLabel}>{words.services}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {calculatorServices.map((service) => (
            <label key={service.value} className="flex items-center gap-3 text-ink-900">
              <input
                type="checkbox"
                name={service.value}
                className="size-5 accent-brand-700"
                checked={form.services[service.value]}
                onChange={(event) => {
                  // Read now: the updater runs later, after React may have put the box back.
                  const checked = event.target.checked;
                  setForm((current) => ({ ...current, services: { ...current.services, [service.value]: checked } }));
                }}
              />
              {words.serviceNames[service.value] ?? service.label}
            </label>
          ))}
        </div>
      </fieldset>
      <PostFields form="savings" stamp={stamp} language={language} />
      <Honeypot {...honeypot} label={formWords?.honeypot} />
      <div id={errorId} role="alert">
        {/* In the page while hidden, so the message can show before the script (forms/first-answer.tsx). */}
        <p
          data-general-error=""
          hidden={!error}
          className="rounded-lg border border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error?.message}
        </p>
      </div>
      <button ref={submitButton} type="submit" className="button-primary w-full sm:w-auto">
        {words.estimate}
      </button>
    </form>
  );
}
