import { errorSummaryTitle } from '@growmail/contracts/form-posts';

export type SummaryItem = { fieldId: string; message: string };

/**
 * The GOV.UK error summary, at the top of a form: what went wrong, each field's message linking
 * to its field. A page that comes back from a native post with problems (D30) is rendered with
 * them on demand (D35); the island shows the same until the next submit.
 */
export function ErrorSummary({
  items,
  alert,
  title = errorSummaryTitle,
}: {
  items: readonly SummaryItem[];
  alert?: string | undefined;
  /** The page's language's heading (the catalogue's `errorSummary`, D37). */
  title?: string | undefined;
}) {
  const shown = items.length > 0 || Boolean(alert);
  return (
    // Shown only with the problems a page came back with (D30): focused on load, so a screen
    // reader reads them first and Tab goes on to the links.
    // eslint-disable-next-line jsx-a11y/no-autofocus
    <div data-error-summary="" hidden={!shown} autoFocus={shown} tabIndex={-1} className="error-summary">
      <h2 className="text-base font-semibold text-red-800">{title}</h2>
      <p data-error-summary-alert="" className="mt-2" hidden={!alert}>
        {alert}
      </p>
      <ul data-error-summary-list="">
        {items.map((item) => (
          <li key={item.fieldId}>
            <a href={`#${item.fieldId}`}>{item.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
