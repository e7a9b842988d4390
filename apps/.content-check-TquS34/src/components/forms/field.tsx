import type { LabelHTMLAttributes, ReactNode } from 'react';

type Props = {
  label: string;
  /** The label's `htmlFor` (and `id`, where the control names itself by it). */
  labelProps: LabelHTMLAttributes<HTMLLabelElement>;
  required?: boolean;
  error?: string | null;
  /** The error paragraph's id, which the control's aria-describedby points at. */
  errorId: string;
  children: ReactNode;
};

/** The ARIA state a field's control carries: required, and invalid and described by its error when it has one. */
export const fieldAria = (required: boolean | undefined, error: string | null | undefined, errorId: string) => ({
  'aria-required': required || undefined,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId : undefined,
});

/**
 * Every form field's frame: the label (a required one marked with *, which is not read out:
 * the control says aria-required), the control, and the error below it. The error's paragraph
 * is in the page even when empty and hidden, so the server fills it in when a native post
 * comes back with errors (D30), with no markup of its own.
 */
export function Field({ label, labelProps, required, error, errorId, children }: Props) {
  return (
    <div className="flex flex-col gap-1.5">
      <label {...labelProps} className="text-sm font-medium text-ink-900">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      <p id={errorId} className="text-sm text-red-700" data-field-error="" hidden={!error}>
        {error}
      </p>
    </div>
  );
}
