import type { ClientDirective } from 'astro';
import { formReadyEvent } from '@/components/forms/form-ready';

/** `client:form` takes no value: every form island waits for the visitor. */
export type FormOptions = true;

const triggers = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * client:form, for the islands that take a visitor's words. Every such form works without
 * script, posting natively (D30), so its island loads nothing until the visitor uses it: the
 * first focus, press or key inside it. Nothing done before React is ready is lost:
 * - what they typed or chose is handed to React by the form itself (components/forms/early-input.ts),
 *   which then says it is ready;
 * - keys (an arrow that opens a list) are pressed again once the form is ready (or after a
 *   moment, for an island without a form);
 * - a submit before then is not held: the browser posts the form, and the server answers it.
 */
const form: ClientDirective = (load, _options, el) => {
  const missed: KeyboardEvent[] = [];
  let started = false;
  let ready = false;

  const record = (event: Event) => {
    if (!event.isTrusted) return;
    if (event instanceof KeyboardEvent) missed.push(event);
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
    // Astro's hydrate() only starts React's render; the form says when React holds it.
    if (!ready)
      await new Promise((done) => {
        el.addEventListener(formReadyEvent, done, { once: true });
        if (!el.querySelector('form')) setTimeout(done, 1000);
      });
    for (const type of triggers) el.removeEventListener(type, record, true);
    for (const event of missed) {
      const target = event.target instanceof Element && event.target.isConnected ? event.target : null;
      target?.dispatchEvent(new KeyboardEvent('keydown', event));
    }
  };

  el.addEventListener(formReadyEvent, () => (ready = true), { once: true });
  for (const type of triggers) el.addEventListener(type, record, true);
};

export default form;
