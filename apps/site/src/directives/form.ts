import type { ClientDirective } from 'astro';
import { formReadyEvent } from '@/components/forms/form-ready';

/** `client:form="load"` hydrates at once; plain `client:form` waits until the form is near the screen. */
export type FormOptions = 'load' | true;

const triggers = ['focusin', 'pointerdown', 'keydown', 'submit'] as const;

/**
 * client:form, for the islands that take a visitor's words: the form hydrates when it comes
 * near the screen (or at once with "load"), or at the first focus, press or key inside it,
 * whichever is first. Nothing the visitor does before React is ready is lost:
 * - a submit is held (the server's HTML would otherwise send the form as a page load and lose
 *   the lead), then sent again once React handles it;
 * - what they typed is handed to React by the form itself (components/forms/early-input.ts),
 *   which then says it is ready;
 * - keys (an arrow that opens a list) are pressed again, and a held submit is sent, once the
 *   form is ready, however long that takes (or after a moment, for an island without a form).
 */
const form: ClientDirective = (load, options, el) => {
  const missed: Event[] = [];
  let started = false;
  let ready = false;

  const record = (event: Event) => {
    if (!event.isTrusted) return;
    if (event.type === 'submit') event.preventDefault();
    // A second press of Send while waiting is the same submit, not another lead.
    const again =
      event.type === 'submit' && missed.some((held) => held.type === 'submit' && held.target === event.target);
    if ((event.type === 'submit' && !again) || event.type === 'keydown') missed.push(event);
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    observer.disconnect();
    const hydrate = await load();
    await hydrate();
    // Astro's hydrate() only starts React's render; the form says when React holds it. Until
    // then the held submit stays held however long React takes on a busy phone: sent early,
    // it would reach a form React does not handle yet, and load the page. An island without
    // a form gets a second, counted from here so a slow load cannot eat it.
    if (!ready)
      await new Promise((done) => {
        el.addEventListener(formReadyEvent, done, { once: true });
        if (!el.querySelector('form')) setTimeout(done, 1000);
      });
    for (const type of triggers) el.removeEventListener(type, record, true);
    for (const event of missed) {
      const target = event.target instanceof Element && event.target.isConnected ? event.target : null;
      if (!target) continue;
      if (event.type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
      else if (event instanceof KeyboardEvent) target.dispatchEvent(new KeyboardEvent('keydown', event));
    }
  };

  el.addEventListener(formReadyEvent, () => (ready = true), { once: true });
  for (const type of triggers) el.addEventListener(type, record, true);
  // Islands are display: contents, so their children are what can be seen.
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
    rootMargin: '200px',
  });
  for (const child of el.children) observer.observe(child);
  if (options.value === 'load') void start();
};

export default form;
