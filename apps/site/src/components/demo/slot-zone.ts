import { bookingFields, slotDayFormat, slotTakenNote, slotTimeFormat } from '@growmail/contracts/demo-booking';

/**
 * The demo picker with JavaScript (D32): the times show in the browser's own zone when the
 * zone list offers it, and a change of zone relabels them at once, regrouped by that zone's
 * days. The slots' values are instants, so Intl relabels them here with no request; the
 * radios are moved, not rebuilt, so a chosen time stays chosen. A zone the visitor chose
 * (the page came back from a post) is kept. Returns what undoes the listener.
 */
export function enhanceSlotPicker(picker: Element): () => void {
  const select = picker.querySelector<HTMLSelectElement>(`select[name="${bookingFields.zone}"]`);
  if (!select) return () => {};
  const served = [...select.options].find((option) => option.defaultSelected)?.value;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offered = [...select.options].some((option) => option.value === own);
  if (select.value === served && offered && !select.hasAttribute('data-demo-zone-chosen')) select.value = own;
  // A zone changed before the island ran is shown too.
  if (select.value !== served) regroup(picker, select.value);
  const show = () => regroup(picker, select.value);
  select.addEventListener('change', show);
  return () => select.removeEventListener('change', show);
}

/** Puts each slot under its day in the zone, from the page's own day template, and relabels it. */
function regroup(picker: Element, zone: string) {
  const days = picker.querySelector('[data-demo-slot-days]');
  const template = picker.querySelector<HTMLTemplateElement>('template[data-demo-day]');
  const dayTemplate = template?.content.firstElementChild;
  if (!days || !dayTemplate) return;
  const dayFormat = slotDayFormat(zone);
  const time = slotTimeFormat(zone);
  const groups = new Map<string, Element>();
  for (const input of days.querySelectorAll<HTMLInputElement>(`input[name="${bookingFields.slot}"]`)) {
    const start = new Date(input.value);
    const label = dayFormat.format(start);
    let slots = groups.get(label);
    if (!slots) {
      const day = dayTemplate.cloneNode(true) as Element;
      for (const text of day.querySelectorAll('[data-demo-day-label], [data-demo-day-legend]'))
        text.textContent = label;
      slots = day.querySelector('[data-demo-day-slots]') ?? day;
      groups.set(label, slots);
    }
    const name = input.labels?.[0];
    if (name) name.textContent = time.format(start) + (input.disabled ? slotTakenNote : '');
    slots.append(input.parentElement ?? input);
  }
  const folded = [...groups.values()].map((slots) => slots.closest('details')).filter((day) => day !== null);
  const open = folded.find((day) => day.querySelector(':checked')) ?? folded[0];
  if (open) open.open = true;
  days.replaceChildren(...folded);
}
