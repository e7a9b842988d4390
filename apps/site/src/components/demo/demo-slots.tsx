import { bookingFields, bookingZones, defaultBookingZone, noSlot } from '@growmail/contracts/demo-booking';

/** A zone's name as people read it: `America/New_York` is "America / New York". */
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ').replaceAll('/', ' / ');

/**
 * The demo form's time picker (D32), static HTML in the form: the slots are per request, so
 * the server writes them into `data-demo-slot-days` as it sends the page, each day from the
 * `data-demo-day` template and each time from the `data-demo-slot` one, so the markup stays
 * the site's. "None of these times" is always there and chosen by default, so a request
 * without a slot still goes as before. Its "Show times" button is `ShowTimesButton`, which the
 * form places after its own submit button.
 */
export function DemoSlots({
  legend = 'Pick a time for your demo',
  withNone = true,
}: {
  legend?: string;
  /** Offer "None of these times work for me", chosen by default: the demo request's way to send no slot. */
  withNone?: boolean;
}) {
  return (
    <fieldset data-demo-booking="" className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 font-semibold text-ink-900">{legend}</legend>
      <p className="text-sm text-ink-700">A 30-minute video call with our team.</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="demo-zone" className="text-sm font-medium text-ink-900">
          Show times in
        </label>
        <select
          id="demo-zone"
          name={bookingFields.zone}
          defaultValue={defaultBookingZone}
          className="min-h-11 min-w-0 rounded-lg border border-ink-300 bg-white px-3 text-ink-900"
        >
          {bookingZones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </select>
        <p id="demo-zone-error" className="text-sm text-red-700" data-field-error="" hidden />
      </div>
      <div className="flex flex-col gap-1.5">
        <p id="demo-slot-error" className="text-sm text-red-700" data-field-error="" hidden />
        <p className="text-sm text-ink-700" data-demo-slots-note="" hidden />
        <div data-demo-slot-days="" className="flex flex-col gap-3" />
        {withNone && (
          <div className="flex items-center gap-3 rounded-lg border border-ink-100 p-3 has-checked:border-brand-700">
            <input
              id="demo-slot-none"
              type="radio"
              name={bookingFields.slot}
              value={noSlot}
              defaultChecked
              className="h-4 w-4 accent-brand-700"
            />
            <label htmlFor="demo-slot-none" className="text-ink-900">
              None of these times work for me
            </label>
          </div>
        )}
      </div>
      {/* A day folds, so two weeks of times are not one long column on a phone; the server opens the first. */}
      <template data-demo-day="">
        <details className="rounded-lg border border-ink-100">
          <summary
            className="flex min-h-11 cursor-pointer items-center px-3 py-2 text-sm font-medium text-ink-900"
            data-demo-day-label=""
          />
          <fieldset className="flex min-w-0 flex-col gap-2 px-3 pb-3">
            <legend className="sr-only" data-demo-day-legend="" />
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-demo-day-slots="" />
          </fieldset>
        </details>
      </template>
      <template data-demo-slot="">
        <div className="relative flex items-center justify-center rounded-lg border border-ink-300 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:border-dashed has-disabled:bg-ink-100">
          <input
            type="radio"
            name={bookingFields.slot}
            className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          />
          {/* The server writes the time into the label, and its `for`, as it sends the page. */}
          {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- a template: the server fills it */}
          <label className="min-h-11 px-2 py-2.5 text-center text-sm text-ink-900 tabular-nums peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700" />
        </div>
      </template>
    </fieldset>
  );
}

/**
 * "Show times": without JavaScript it sends the form back to show the times in the zone chosen,
 * storing nothing. It must follow the form's own submit button in the page: Enter in a field
 * presses the form's first submit button, and that must book (HTML's implicit submission).
 */
export function ShowTimesButton() {
  return (
    <button
      type="submit"
      name={bookingFields.showTimes}
      value="1"
      formNoValidate
      data-demo-show-times=""
      className="button-secondary min-h-11"
    >
      Show times
    </button>
  );
}
