import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field, fieldAria } from './field';

type FieldProps = {
  id: string;
  label: string;
  error?: string | null;
  required?: boolean;
};

const control = (error?: string | null) =>
  `w-full rounded-lg border bg-white px-3 py-2.5 text-ink-900 placeholder:text-ink-600 ${
    error ? 'border-red-700' : 'border-ink-300'
  }`;

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and shown below it. */
export function TextField({
  id,
  label,
  error,
  required,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Field label={label} labelProps={{ htmlFor: id }} required={required} error={error} errorId={`${id}-error`}>
      <input id={id} {...fieldAria(required, error, `${id}-error`)} className={control(error)} {...input} />
    </Field>
  );
}

/** The same for several lines of text. */
export function TextAreaField({
  id,
  label,
  error,
  required,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Field label={label} labelProps={{ htmlFor: id }} required={required} error={error} errorId={`${id}-error`}>
      <textarea id={id} {...fieldAria(required, error, `${id}-error`)} className={control(error)} {...textarea} />
    </Field>
  );
}
