import { ErrorSummary } from '@/components/forms/error-summary';
import { DemoSlots, ShowTimesButton } from './demo-slots';

/**
 * The page a booking's signed link opens (D32): static HTML with no script, which the server
 * fills as it sends it: what the booking is (`data-booking-status`), the link's token in the
 * form, and the open slots. It shows the form only for a booking that can still change; a
 * page opened without a valid link says what to do instead.
 */
export function ManageBooking() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm md:p-10">
      <h1 className="text-3xl font-bold text-ink-900">Your Growmail demo</h1>
      <p data-booking-status="" className="text-ink-900">
        Open the link in your booking email to move or cancel your demo.
      </p>
      <form method="post" action="/demo/booking" data-form="booking" hidden className="flex flex-col gap-6">
        <ErrorSummary items={[]} />
        <input type="hidden" name="token" value="" />
        <DemoSlots legend="Move it to another time" withNone={false} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="action" value="reschedule" className="button-primary">
            Move my demo
          </button>
          <ShowTimesButton />
          <button type="submit" name="action" value="cancel" className="button-secondary">
            Cancel my demo
          </button>
        </div>
      </form>
    </div>
  );
}
