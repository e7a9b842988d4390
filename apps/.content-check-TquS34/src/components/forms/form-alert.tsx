import { StrokeIcon } from '@/components/stroke-icon';

export type Outcome = { kind: 'success' | 'error'; message: string } | null;

/**
 * The result of a submission: green and polite on success, red and assertive on error, and
 * an error can be closed. Both live regions stay in the page so screen readers announce them.
 */
export function FormAlert({
  outcome,
  onClose,
  closeLabel = 'Close the error message',
}: {
  outcome: Outcome;
  onClose: () => void;
  /** The close button's name in the page's language. */
  closeLabel?: string;
}) {
  return (
    <>
      <div role="status" className="empty:hidden">
        {outcome?.kind === 'success' && (
          <p className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
            {outcome.message}
          </p>
        )}
      </div>
      <div role="alert" className="empty:hidden">
        {outcome?.kind === 'error' && (
          <div className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            <p>{outcome.message}</p>
            <button
              type="button"
              onClick={onClose}
              className="-m-1 rounded p-1 text-red-800 hover:bg-red-100"
              aria-label={closeLabel}
            >
              <StrokeIcon name="close" className="h-4 w-4" />
            </button>
          </div>
        )}
      </div>
    </>
  );
}
