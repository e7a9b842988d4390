// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoSlots } from '@/components/demo/demo-slots';
import { enhanceSlotPicker } from '@/components/demo/slot-zone';

/** Two times on Tuesday 1 December 2026 at 09:00 and 10:00 UTC, the second just taken. */
const picker = {
  zone: 'Africa/Abidjan',
  chosen: true,
  slots: [{ start: '2026-12-01T09:00:00.000Z' }, { start: '2026-12-01T10:00:00.000Z', taken: true }],
};

/** The picker as the server renders it, enhanced as the demo island does, then shown in Lagos time. */
function inLagos(markup: string) {
  document.body.innerHTML = markup;
  const fieldset = document.querySelector('[data-demo-booking]')!;
  enhanceSlotPicker(fieldset);
  const select = fieldset.querySelector('select')!;
  select.value = 'Africa/Lagos';
  select.dispatchEvent(new Event('change'));
  return {
    days: [...fieldset.querySelectorAll('[data-demo-slot-days] summary')].map((day) => day.textContent),
    times: [...fieldset.querySelectorAll('[data-demo-slot-days] label')].map((label) => label.textContent),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the demo picker relabelled in another zone in the browser (D32, D43)', () => {
  it('writes the days and the taken note in French on a French page, the first of the month as “1er”', () => {
    const shown = inLagos(renderToStaticMarkup(<DemoSlots language="fr" locale="fr" picker={picker} />));
    expect(shown.days).toEqual(['Mardi 1er décembre']);
    expect(shown.times).toEqual(['10\u00a0h\u00a000', '11\u00a0h\u00a000 (réservé entre-temps)']);
  });

  it('keeps an English page’s days and note in British English', () => {
    const shown = inLagos(renderToStaticMarkup(<DemoSlots picker={picker} />));
    expect(shown.days).toEqual(['Tuesday 1 December']);
    expect(shown.times).toEqual(['10:00', '11:00 (just taken)']);
  });
});
