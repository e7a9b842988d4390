import type { ReactNode } from 'react';

/** The form's button: disabled while sending, with a spinner and a busy state for assistive technology. */
export function SubmitButton({
  submitting,
  disabled,
  children,
  describedBy,
}: {
  submitting: boolean;
  disabled?: boolean;
  children: ReactNode;
  describedBy?: string;
}) {
  return (
    <button
      type="submit"
      className="button-primary gap-2 disabled:cursor-not-allowed disabled:bg-ink-600"
      disabled={submitting || disabled}
      aria-busy={submitting || undefined}
      aria-describedby={describedBy}
    >
      {submitting && (
        <span
          aria-hidden="true"
          data-testid="spinner"
          className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {children}
    </button>
  );
}
