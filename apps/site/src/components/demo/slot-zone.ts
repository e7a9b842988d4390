import { formatDate } from '@growmail/contracts/dates';
import { dayHeading, slotDayFormat, slotTimeFormat } from '@growmail/contracts/slot-labels';

/**
 * The demo picker with JavaScript (D32): the times show in the browser's own zone when the
 * zone list offers it, and a change of zone relabels them at once, regrouped by that zone's
 * days. The slots' values are instants, so Intl relabels them here with no request; the
 * radios are moved, not rebuilt, so a chosen time stays chosen. A zone the visitor chose
 * (changed before the island ran, or posted) is kept. It reads the picker by its markup (its
 * select, its radios, its first template), not by the contracts' field names: those sit
 * beside zod, which this code must not bring into the page, and every byte here counts
 * against /demo's JavaScript budget. The island is never unmounted, so the listener stays.
 */
export function enhanceSlotPicker(picker: Element) {
  const select = picker.querySelector('select');
  if (!select) return;
  const show = () => regroup(picker, select.value);
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const served = select.querySelector('[selected]')?.getAttribute('value');
  const offered = select.querySelector(`[value="${own}"]`);
  if (select.value === served && offered && !select.hasAttribute('data-demo-zone-chosen')) select.value = own;
  // Also shows a zone the visitor changed to before the island ran.
  if (select.value !== served) show();
  select.addEventListener('change', show);
}

/** Puts each slot under its day in the zone, from the page's own day template, and relabels it. */
function regroup(picker: Element, zone: string) {
  const days = picker.querySelector('[data-demo-slot-days]');
  const template = picker.querySelector('template')?.content.firstElementChild;
  if (!days || !template) return;
  // In the page's language (D43): the locale and the taken note the server wrote on the picker.
  const locale = picker.getAttribute('data-locale') || undefined;
  const takenNote = picker.getAttribute('data-taken-note') ?? '';
  const dayFormat = slotDayFormat(zone, locale);
  const time = slotTimeFormat(zone, locale);
  const groups = new Map<string, Element>();
  for (const input of days.querySelectorAll('input')) {
    const start = new Date(input.value);
    const label = dayHeading(formatDate(dayFormat, start));
    let day = groups.get(label);
    if (!day) {
      day = template.cloneNode(true) as Element;
      for (const name of day.querySelectorAll('summary, legend')) name.textContent = label;
      groups.set(label, day);
    }
    for (const name of input.labels ?? []) name.textContent = time.format(start) + (input.disabled ? takenNote : '');
    day.querySelector('div')?.append(input.parentElement ?? input);
  }
  const folded = [...groups.values()];
  // The day of the chosen time is open, else the first, as the server sends it.
  (folded.find((day) => day.querySelector(':checked')) ?? folded[0])?.setAttribute('open', '');
  days.replaceChildren(...folded);
}
