import type { Language } from '@growmail/contracts/language';
import { bookingFields } from '@growmail/contracts/demo-booking';
import type { FormPageState } from '@growmail/contracts/form-posts';
import type { OnDemandLocals, SlotPicker } from '@growmail/contracts/on-demand';
import { ErrorSummary } from '@/components/forms/error-summary';
import { bookingLanguage } from '@/lib/island-language';
import { DemoSlots, ShowTimesButton, slotSummaryTarget } from './demo-slots';

type Props = {
  /** What the booking is, and the link's token while it can still change. */
  booking?: OnDemandLocals['booking'];
  picker?: SlotPicker | undefined;
  served?: FormPageState | undefined;
  language?: Language | undefined;
};

const fields = [bookingFields.zone, bookingFields.slot] as const;

/**
 * The page a booking's signed link opens (D32, D36), with no script: rendered on demand with
 * what the booking is and, while it can still change, a form holding the link's token and the
 * open slots to move it to. Built without a booking, it says what to do instead.
 */
export function ManageBooking({ booking, picker, served, language = 'en' }: Props) {
  const fr = language === 'fr';
  const errors = served?.errors ?? {};
  const targets = { zone: 'demo-zone', slot: slotSummaryTarget(picker, false) };
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm md:p-10">
      <h1 className="text-3xl font-bold text-ink-900">{fr ? 'Votre démo Growmail' : 'Your Growmail demo'}</h1>
      <p id="booking-status" className="text-ink-900">
        {booking?.status ??
          (fr
            ? 'Ouvrez le lien de votre email de réservation pour déplacer ou annuler votre démo.'
            : 'Open the link in your booking email to move or cancel your demo.')}
      </p>
      {booking?.token && (
        <form method="post" action="/demo/booking" data-form="booking" className="flex flex-col gap-6">
          <ErrorSummary
            items={fields.flatMap((field) =>
              errors[field] ? [{ fieldId: targets[field], message: errors[field] }] : [],
            )}
            alert={served?.alert}
          />
          <input type="hidden" name="token" value={booking.token} />
          <DemoSlots
            {...bookingLanguage(language)}
            legend={fr ? 'Choisir un autre créneau pour votre démo' : 'Move it to another time'}
            withNone={false}
            picker={picker}
            served={served}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="action" value="reschedule" className="button-primary">
              {fr ? 'Déplacer ma démo' : 'Move my demo'}
            </button>
            <ShowTimesButton />
            <button type="submit" name="action" value="cancel" className="button-secondary">
              {fr ? 'Annuler ma démo' : 'Cancel my demo'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
