import type { ClientDirective } from 'astro';
import { clearFirstAnswer } from '@/components/forms/first-answer-marks';
import { formReadyEvent } from '@/components/forms/form-ready';

/** `client:form` takes no value: every form island waits for the visitor. */
export type FormOptions = true;

export const triggers = ['focusin', 'pointerdown', 'keydown', 'submit'] as const;

/** How long a submit waits for React before the browser posts the form itself (D30). */
export const nativePostAfterMs = 4000;

/**
 * client:form, for the islands that take a visitor's words. Every such form works without
 * script, posting natively (D30), so its island loads nothing until the visitor uses it: the
 * first focus, press, key or submit inside it. Nothing done before React is ready is lost:
 * - what they typed or chose is handed to React by the form itself (components/forms/early-input.ts),
 *   which then says it is ready;
 * - a submit is held, unseen by React even if it has hydrated, and handed to React once the form
 *   is ready, so the page does not reload and React never sends what it rendered before the handover;
 *   if React is not ready within a few seconds, or its code fails to load, the browser posts
 *   the form after all, and the server answers it;
 * - keys (an arrow that opens a list) are pressed again once the form is ready (or after a
 *   moment, for an island without a form).
 */
const form: ClientDirective = (load, _options, el) => {
  const keys: KeyboardEvent[] = [];
  let held: HTMLFormElement | null = null;
  let started = false;
  let ready = false;

  /** The held form goes to the server as the browser would have sent it, once. */
  const postNatively = () => {
    const target = held;
    held = null;
    if (target?.isConnected) HTMLFormElement.prototype.submit.call(target);
  };

  const record = (event: Event) => {
    if (!event.isTrusted) return;
    if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
      event.preventDefault();
      // React answers a submit as soon as it has hydrated the form, before early-input.ts has
      // handed it what the visitor chose: it would send the state it rendered ("This list
      // only" for a visitor who chose "All lists"). Only the submit handed over below reaches it.
      event.stopPropagation();
      // A second press of Send while waiting is the same submit, not another lead.
      if (!held) {
        held = event.target;
        setTimeout(postNatively, nativePostAfterMs);
      }
    } else if (event instanceof KeyboardEvent) keys.push(event);
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    try {
      const hydrate = await load();
      await hydrate();
    } catch {
      postNatively();
      return;
    }
    // Astro's hydrate() only starts React's render; the form says when React holds it.
    if (!ready)
      await new Promise((done) => {
        el.addEventListener(formReadyEvent, done, { once: true });
        if (!el.querySelector('form')) setTimeout(done, 1000);
      });
    for (const type of triggers) el.removeEventListener(type, record, true);
    const target = held;
    held = null;
    // What the page showed before React (components/forms/first-answer.tsx) goes in the task in
    // which React answers the submit again, so no frame is drawn between the two.
    clearFirstAnswer(el);
    if (target?.isConnected) target.requestSubmit();
    for (const event of keys) {
      const key = event.target instanceof Element && event.target.isConnected ? event.target : null;
      key?.dispatchEvent(new KeyboardEvent('keydown', event));
    }
  };

  el.addEventListener(formReadyEvent, () => (ready = true), { once: true });
  for (const type of triggers) el.addEventListener(type, record, true);
};

export default form;
