import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

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

function Label({ id, label, required }: Pick<FieldProps, 'id' | 'label' | 'required'>) {
  return (
    <label htmlFor={id} className="text-sm font-medium text-ink-900">
      {label}
      {required && (
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and shown below it. */
export function TextField({
  id,
  label,
  error,
  required,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={control(error)}
        {...input}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  required,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label id={id} label={label} required={required} />
      <textarea
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={control(error)}
        {...textarea}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
