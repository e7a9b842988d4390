import { errorSummaryTitle } from '@growmail/contracts/form-posts';

export type SummaryItem = { fieldId: string; message: string };

/**
 * The GOV.UK error summary, at the top of a form: what went wrong, each field's message linking
 * to its field. It is in the page, empty and hidden, so the server fills it in when a native post
 * comes back with problems (D30); the island shows the same until the next submit.
 */
export function ErrorSummary({ items, alert }: { items: readonly SummaryItem[]; alert?: string }) {
  const shown = items.length > 0 || Boolean(alert);
  return (
    <div data-error-summary="" hidden={!shown} tabIndex={-1} className="error-summary">
      <h2 className="text-base font-semibold text-red-800">{errorSummaryTitle}</h2>
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
