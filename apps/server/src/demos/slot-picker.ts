import { bookingMessages, noSlot } from '@growmail/contracts/demo-booking';
import { slotDayFormat, slotTakenNote, slotTimeFormat } from '@growmail/contracts/slot-labels';
import { escapeAttribute, escapeText } from 'entities';
import { parse, type HTMLElement } from 'node-html-parser';
import type { Slot } from './slots.ts';

/** What the demo page's picker shows: the open slots in the visitor's zone, or why there are none. */
export type PickerState = {
  /** An IANA zone, as `canonicalZone` spells it. */
  zone: string;
  /** Open slots, earliest first; null when they could not be read (the database is away). */
  slots: readonly Slot[] | null;
  /** A slot the visitor chose that someone took first: shown, marked, and not to be chosen. */
  gone?: Date;
  /** The visitor chose the zone (the page came back from a post): the browser keeps it, not its own. */
  chosen?: boolean;
};

/** Whether a page holds the demo time picker, to be filled as it is sent. */
export const hasSlotPicker = (html: string) => html.includes('data-demo-slot-days');

const dayLabel = slotDayFormat;
const timeLabel = slotTimeFormat;

/** A slot as the visitor reads it, with its day: "Monday 23 November, 09:00". */
export const describeSlot = (start: Date, zone: string) =>
  `${dayLabel(zone).format(start)}, ${timeLabel(zone).format(start)}`;

/**
 * Writes the open slots into the demo page's picker (D32), grouped by day in the visitor's
 * zone, each day and each time cloned from the page's own templates (components/demo/
 * demo-slots.tsx), so the server adds text and attributes but no markup of its own. The zone
 * select shows the zone, adding it when the list lacks it (a browser's own zone).
 */
export function renderSlotPicker(html: string, state: PickerState): string {
  const root = parse(html, { comment: true });
  const picker = root.querySelector('[data-demo-booking]');
  const days = picker?.querySelector('[data-demo-slot-days]');
  const dayTemplate = picker?.querySelector('template[data-demo-day]')?.innerHTML;
  const slotTemplate = picker?.querySelector('template[data-demo-slot]')?.innerHTML;
  if (!picker || !days || !dayTemplate || !slotTemplate) return html;
  selectZone(picker, state.zone, state.chosen ?? false);

  const note = picker.querySelector('[data-demo-slots-note]');
  const shown = [...(state.slots ?? [])];
  if (state.gone && !shown.some((slot) => slot.start.getTime() === state.gone!.getTime())) {
    shown.push({ start: state.gone, hostIds: [] });
    shown.sort((a, b) => a.start.getTime() - b.start.getTime());
  }
  if (note && (state.slots === null || state.slots.length === 0)) {
    note.set_content(escapeText(state.slots === null ? bookingMessages.timesUnavailable : bookingMessages.noTimes));
    note.removeAttribute('hidden');
  }

  const dayFormat = dayLabel(state.zone);
  const time = timeLabel(state.zone);
  let index = 0;
  const goneDay = state.gone && dayFormat.format(state.gone);
  // Days are folded, so some 160 times are not one long column on a phone: the first day is
  // open, and the day of a time just taken, where the visitor was choosing.
  const groups = [...Map.groupBy(shown, (slot) => dayFormat.format(slot.start))].map(([label, slots], day) =>
    fillIn(dayTemplate, [
      ['<details ', day === 0 || label === goneDay ? '<details open="" ' : '<details '],
      ['data-demo-day-label=""></summary>', `data-demo-day-label="">${escapeText(label)}</summary>`],
      ['data-demo-day-legend=""></legend>', `data-demo-day-legend="">${escapeText(label)}</legend>`],
      [
        'data-demo-day-slots=""></div>',
        `data-demo-day-slots="">${slots
          .map((slot) => {
            const id = `demo-slot-${index++}`;
            const gone = slot.hostIds.length === 0;
            const text = gone ? `${time.format(slot.start)}${slotTakenNote}` : time.format(slot.start);
            return fillIn(slotTemplate, [
              ['<input ', `<input id="${id}" value="${slot.start.toISOString()}" ${gone ? 'disabled="" ' : ''}`],
              ['<label ', `<label for="${id}" `],
              ['></label>', `>${escapeText(text)}</label>`],
            ]);
          })
          .join('')}</div>`,
      ],
    ]),
  );
  // The days are written into the page's text after it is serialised: parsing them again is most of the cost.
  const marker = `demo-slot-days-${Math.random().toString(36).slice(2)}`;
  days.set_content(marker);
  return root.toString().replace(marker, () => groups.join(''));
}

/**
 * A template's markup with each of its places filled: each must occur exactly once, so a
 * change to the site's template fails here, loudly, rather than writing a broken picker.
 */
function fillIn(template: string, places: readonly (readonly [string, string])[]): string {
  let html = template;
  for (const [place, filled] of places) {
    const at = html.indexOf(place);
    if (at < 0 || html.indexOf(place, at + 1) >= 0) throw new Error(`The demo picker's template lacks one '${place}'.`);
    html = html.slice(0, at) + filled + html.slice(at + place.length);
  }
  return html;
}

/**
 * Marks the zone's option selected, adding an option for a zone the list lacks, and a zone
 * the visitor chose as such, so the browser does not put its own in its place.
 */
function selectZone(picker: HTMLElement, zone: string, chosen: boolean) {
  const select = picker.querySelector('select[name="zone"]');
  if (!select) return;
  if (chosen) select.setAttribute('data-demo-zone-chosen', '');
  const options = select.querySelectorAll('option');
  if (!options.some((option) => option.getAttribute('value') === zone)) {
    const label = zone.replaceAll('_', ' ').replaceAll('/', ' / ');
    select.insertAdjacentHTML('afterbegin', `<option value="${escapeAttribute(zone)}">${escapeText(label)}</option>`);
  }
  for (const option of select.querySelectorAll('option')) {
    if (option.getAttribute('value') === zone) option.setAttribute('selected', '');
    else option.removeAttribute('selected');
  }
}

/** The slot value a visitor chose, when it names a time (not "none"). */
export const chosenStart = (value: string | undefined): Date | undefined =>
  value && value !== noSlot && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;
