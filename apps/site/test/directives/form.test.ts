// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formReadyEvent } from '@/components/forms/form-ready';
import formDirective from '@/directives/form';

/**
 * client:form against Astro's side of the contract, played by hand: `load` resolves to a
 * `hydrate` that returns at once, as Astro's does while React is still rendering. The form
 * says it is ready when the test says so, standing in for a slow phone. Events here are
 * dispatched by the test, so they are marked trusted as a visitor's would be; happy-dom has
 * no IntersectionObserver, so one that never fires stands in for an island off screen.
 */
class OffScreen {
  observe() {}
  disconnect() {}
}

const trusted = <E extends Event>(event: E) => {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
};

let teardown = new AbortController();

const island = (html: string) => {
  const el = document.createElement('astro-island');
  el.innerHTML = html;
  document.body.append(el);
  // What reaches the document unhandled would be the browser's own submit: a page load.
  const pageLoads: Event[] = [];
  document.addEventListener(
    'submit',
    (event) => {
      if (!event.defaultPrevented) pageLoads.push(event);
      event.preventDefault();
    },
    { signal: teardown.signal },
  );
  formDirective(async () => async () => {}, { name: 'form', value: 'load' }, el);
  return { el, pageLoads };
};

beforeEach(() => {
  teardown = new AbortController();
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', OffScreen);
});

afterEach(() => {
  teardown.abort();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('client:form', () => {
  it('holds a submit made before React owns the form, however long React takes, then hands it to React once', async () => {
    const { el, pageLoads } = island('<form><input name="email"><button>Send</button></form>');
    const form = el.querySelector('form')!;
    await vi.advanceTimersByTimeAsync(0);

    // Pressed twice while the page is busy: both are held, and one is sent.
    for (const press of [1, 2]) {
      const early = trusted(new Event('submit', { bubbles: true, cancelable: true }));
      form.dispatchEvent(early);
      expect(early.defaultPrevented, `press ${press}`).toBe(true);
    }

    // Hydrating takes ten seconds on this phone: nothing is sent meanwhile.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pageLoads).toEqual([]);

    const handledByReact: Event[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      handledByReact.push(event);
    });
    form.dispatchEvent(new Event(formReadyEvent, { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(handledByReact).toHaveLength(1);
    expect(pageLoads).toEqual([]);
  });

  it('presses a held key again after a second in an island without a form', async () => {
    const { el } = island('<div role="group"><button>Monthly</button></div>');
    const button = el.querySelector('button')!;
    await vi.advanceTimersByTimeAsync(0);
    const replayed: string[] = [];
    button.dispatchEvent(trusted(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    button.addEventListener('keydown', (event) => replayed.push((event as KeyboardEvent).key));

    await vi.advanceTimersByTimeAsync(999);
    expect(replayed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(replayed).toEqual(['ArrowRight']);
  });
});
