import type { Language } from '@growmail/contracts/language';
import type { Wording } from '@growmail/contracts/language';
import {
  bookingFields,
  bookingMessages,
  bookingZonesFor,
  firstBookingZone,
  noSlot,
} from '@growmail/contracts/demo-booking';
import { formatDate } from '@growmail/contracts/dates';
import type { FormPageState } from '@growmail/contracts/form-posts';
import type { SlotPicker } from '@growmail/contracts/on-demand';
import { dayHeading, slotDayFormat, slotTakenNotes, slotTimeFormat } from '@growmail/contracts/slot-labels';
import { frenchZoneLabel } from '@growmail/contracts/zone-names';
import type { ReactNode } from 'react';

/**
 * A zone's name as people read it: `America/New_York` is "America / New York" in English, and
 * "Heure de New York" in French (D43).
 */
const zoneLabels: Record<Language, (zone: string) => string> = {
  en: (zone) => zone.replaceAll('_', ' ').replaceAll('/', ' / '),
  fr: frenchZoneLabel,
};

/** The id of a slot's radio: the n-th time offered. */
const slotId = (index: number) => `demo-slot-${index}`;

/**
 * Where the error summary's link for the slot leads: the first time that can be chosen, or
 * "None of these times", or the zone when there is neither.
 */
export function slotSummaryTarget(picker: SlotPicker | undefined, withNone: boolean): string {
  const first = picker?.slots?.findIndex((slot) => !slot.taken) ?? -1;
  return first >= 0 ? slotId(first) : withNone ? 'demo-slot-none' : 'demo-zone';
}

const words = {
  en: {
    legend: 'Pick a time for your demo',
    call: 'A 30-minute video call with our team.',
    showIn: 'Show times in',
    none: 'None of these times work for me',
    show: 'Show times',
  },
  fr: {
    legend: 'Choisissez le créneau de votre démo',
    call: 'Un appel vidéo de 30 minutes avec notre équipe.',
    showIn: 'Fuseau horaire',
    none: 'Aucun de ces créneaux ne me convient',
    show: 'Afficher les créneaux',
  },
} satisfies Record<Language, Record<string, string>>;

type Props = {
  /** The page's language (D37); English when unset. */
  language?: Language | undefined;
  legend?: string;
  /** Offer "None of these times work for me", chosen by default: the demo request's way to send no slot. */
  withNone?: boolean;
  /** The open times, rendered on demand (D35); a built page has none to show. */
  picker?: SlotPicker | undefined;
  /** The form's state after a native post: the time and zone chosen, and their problems. */
  served?: FormPageState | undefined;
  /** The page's words for the picker and the `Intl` locale of its times (D37): a French page's `bookingMessagesFr` and `fr`. */
  messages?: Wording<typeof bookingMessages> | undefined;
  locale?: string | undefined;
};

/**
 * The demo form's time picker (D32), static HTML in the form: the open times, grouped by day
 * in the zone they are read in, each day folded so two weeks of times are not one long column
 * on a phone (the first is open, or the day of the time chosen). "None of these times" is
 * always there and chosen by default, so a request without a slot still goes as before. Its
 * "Show times" button is `ShowTimesButton`, which the form places after its own submit button.
 * With JavaScript, slot-zone.ts regroups the same radios in the browser's zone from the day
 * template.
 */
export function DemoSlots({
  language = 'en',
  legend,
  withNone = true,
  picker,
  served,
  messages = bookingMessages,
  locale,
}: Props) {
  const text = words[language];
  const zone = picker?.zone ?? firstBookingZone[language];
  const errors = served?.errors ?? {};
  const chosen = served?.values[bookingFields.slot];
  const slots = picker?.slots ?? null;
  const choosable = slots?.some((slot) => slot.start === chosen && !slot.taken) ?? false;
  const dayFormat = slotDayFormat(zone, locale);
  const timeFormat = slotTimeFormat(zone, locale);
  const days = Map.groupBy(
    (slots ?? []).map((slot, index) => ({ ...slot, index, at: new Date(slot.start) })),
    (slot) => dayHeading(formatDate(dayFormat, slot.at)),
  );
  const openDay = [...days].find(([, times]) => times.some((slot) => slot.start === chosen))?.[0];
  const note = slots === null ? messages.timesUnavailable : slots.length === 0 ? messages.noTimes : null;
  const offered = bookingZonesFor(language);
  const zones = offered.includes(zone) ? offered : [zone, ...offered];
  return (
    <fieldset
      data-demo-booking=""
      data-locale={locale}
      data-taken-note={slotTakenNotes[language]}
      className="flex min-w-0 flex-col gap-3"
    >
      <legend className="mb-1 font-semibold text-ink-900">{legend ?? text.legend}</legend>
      <p className="text-sm text-ink-700">{text.call}</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="demo-zone" className="text-sm font-medium text-ink-900">
          {text.showIn}
        </label>
        <select
          id="demo-zone"
          name={bookingFields.zone}
          defaultValue={zone}
          data-demo-zone-chosen={picker?.chosen ? '' : undefined}
          aria-invalid={errors.zone ? true : undefined}
          aria-describedby={errors.zone ? 'demo-zone-error' : undefined}
          className="min-h-11 w-full min-w-0 rounded-lg border border-ink-300 bg-white px-3 text-ink-900"
        >
          {zones.map((name) => (
            <option key={name} value={name}>
              {zoneLabels[language](name)}
            </option>
          ))}
        </select>
        <p id="demo-zone-error" className="text-sm text-red-700" hidden={!errors.zone}>
          {errors.zone}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <p id="demo-slot-error" className="text-sm text-red-700" hidden={!errors.slot}>
          {errors.slot}
        </p>
        <p id="demo-slots-note" className="text-sm text-ink-700" hidden={!note}>
          {note}
        </p>
        <div data-demo-slot-days="" className="flex flex-col gap-3">
          {[...days].map(([label, times], day) => (
            <DemoDay key={label} label={label} open={openDay ? label === openDay : day === 0}>
              {times.map((slot) => (
                <div
                  key={slot.start}
                  className="relative flex items-center justify-center rounded-lg border border-ink-300 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:border-dashed has-disabled:bg-ink-100"
                >
                  <input
                    id={slotId(slot.index)}
                    type="radio"
                    name={bookingFields.slot}
                    value={slot.start}
                    disabled={slot.taken}
                    defaultChecked={choosable && slot.start === chosen}
                    aria-invalid={errors.slot && slot.index === 0 ? true : undefined}
                    aria-describedby={errors.slot && slot.index === 0 ? 'demo-slot-error' : undefined}
                    className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                  />
                  <label
                    htmlFor={slotId(slot.index)}
                    className="min-h-11 px-2 py-2.5 text-center text-sm text-ink-900 tabular-nums peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700"
                  >
                    {timeFormat.format(slot.at) + (slot.taken ? slotTakenNotes[language] : '')}
                  </label>
                </div>
              ))}
            </DemoDay>
          ))}
        </div>
        {withNone && (
          <div className="flex items-center gap-3 rounded-lg border border-ink-100 p-3 has-checked:border-brand-700">
            <input
              id="demo-slot-none"
              type="radio"
              name={bookingFields.slot}
              value={noSlot}
              defaultChecked={!choosable}
              className="h-4 w-4 accent-brand-700"
            />
            <label htmlFor="demo-slot-none" className="text-ink-900">
              {text.none}
            </label>
          </div>
        )}
      </div>
      {/* The day as the browser's script regroups the times into it, in the zone chosen (slot-zone.ts). */}
      <template>
        <DemoDay label="" open={false} />
      </template>
    </fieldset>
  );
}

/**
 * "Show times": without JavaScript it sends the form back to show the times in the zone chosen,
 * storing nothing. It must follow the form's own submit button in the page: Enter in a field
 * presses the form's first submit button, and that must book (HTML's implicit submission).
 */
export function ShowTimesButton({ language = 'en' }: { language?: Language | undefined }) {
  return (
    <button
      type="submit"
      name={bookingFields.showTimes}
      value="1"
      formNoValidate
      data-demo-show-times=""
      className="button-secondary min-h-11"
    >
      {words[language].show}
    </button>
  );
}

/** One day's times, folded under its date. */
function DemoDay({ label, open, children }: { label: string; open: boolean; children?: ReactNode }) {
  return (
    <details className="rounded-lg border border-ink-100" open={open}>
      <summary className="flex min-h-11 cursor-pointer items-center px-3 py-2 text-sm font-medium text-ink-900">
        {label}
      </summary>
      <fieldset className="flex min-w-0 flex-col gap-2 px-3 pb-3">
        <legend className="sr-only">{label}</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">{children}</div>
      </fieldset>
    </details>
  );
}
