// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formReadyEvent } from '@/components/forms/form-ready';
import formDirective, { nativePostAfterMs } from '@/directives/form';

/**
 * client:form against Astro's side of the contract, played by hand: `load` counts its calls and
 * resolves to a `hydrate` that returns at once, as Astro's does while React is still rendering.
 * The form says it is ready when the test says so, standing in for a slow phone. Events here are
 * dispatched by the test, so they are marked trusted as a visitor's would be.
 */
const trusted = <E extends Event>(event: E) => {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
};

let teardown = new AbortController();

const island = (html: string) => {
  const el = document.createElement('astro-island');
  el.innerHTML = html;
  document.body.append(el);
  // What reaches the document unhandled is the browser's own submit: the native post (D30).
  const nativePosts: Event[] = [];
  document.addEventListener(
    'submit',
    (event) => {
      if (!event.defaultPrevented) nativePosts.push(event);
      event.preventDefault();
    },
    { signal: teardown.signal },
  );
  const loads = { count: 0 };
  formDirective(
    async () => {
      loads.count += 1;
      return async () => {};
    },
    { name: 'form', value: '' },
    el,
  );
  return { el, nativePosts, loads };
};

beforeEach(() => {
  teardown = new AbortController();
  vi.useFakeTimers();
});

afterEach(() => {
  teardown.abort();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('client:form', () => {
  it('loads nothing for a form that is only seen, and starts at the first focus inside it', async () => {
    const { el, loads } = island('<form><input name="email"><button>Send</button></form>');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loads.count).toBe(0);
    el.querySelector('input')!.dispatchEvent(trusted(new FocusEvent('focusin', { bubbles: true })));
    await vi.advanceTimersByTimeAsync(0);
    expect(loads.count).toBe(1);
  });

  it('holds a submit made before React owns the form, then hands it to React once', async () => {
    const { el, nativePosts } = island('<form><input name="email"><button>Send</button></form>');
    const form = el.querySelector('form')!;
    const posted = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    // Pressed twice while the page is busy: both are held, and one is sent.
    for (const press of [1, 2]) {
      const early = trusted(new Event('submit', { bubbles: true, cancelable: true }));
      form.dispatchEvent(early);
      expect(early.defaultPrevented, `press ${press}`).toBe(true);
    }
    const handledByReact: Event[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      handledByReact.push(event);
    });
    await vi.advanceTimersByTimeAsync(nativePostAfterMs - 1);
    form.dispatchEvent(new Event(formReadyEvent, { bubbles: true }));
    await vi.advanceTimersByTimeAsync(nativePostAfterMs);
    expect(handledByReact).toHaveLength(1);
    expect(nativePosts).toEqual([]);
    expect(posted).not.toHaveBeenCalled();
  });

  it('keeps a held submit from a form React has hydrated but not yet been handed what was chosen', async () => {
    const { el } = island('<form><input type="radio" name="scope" value="all"><button>Save</button></form>');
    const form = el.querySelector('form')!;
    // React hydrated: its listener is on the island, and it would send the state it rendered.
    const handledByReact: Event[] = [];
    el.addEventListener('submit', (event) => {
      event.preventDefault();
      handledByReact.push(event);
    });
    form.dispatchEvent(trusted(new Event('submit', { bubbles: true, cancelable: true })));
    await vi.advanceTimersByTimeAsync(0);
    expect(handledByReact).toEqual([]);
    form.dispatchEvent(new Event(formReadyEvent, { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(handledByReact).toHaveLength(1);
  });

  it('lets the browser post a held submit natively when React is not ready in time (D30)', async () => {
    const { el } = island('<form><input name="email"><button>Send</button></form>');
    const form = el.querySelector('form')!;
    const posted = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    form.dispatchEvent(trusted(new Event('submit', { bubbles: true, cancelable: true })));
    await vi.advanceTimersByTimeAsync(nativePostAfterMs);
    expect(posted).toHaveBeenCalledTimes(1);
    // React arriving later does not send it a second time.
    const handledByReact: Event[] = [];
    form.addEventListener('submit', (event) => handledByReact.push(event));
    form.dispatchEvent(new Event(formReadyEvent, { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(handledByReact).toEqual([]);
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
