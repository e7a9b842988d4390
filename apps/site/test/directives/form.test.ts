// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import formDirective from '@/directives/form';

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

  it('lets a submit made before React owns the form go to the server as a native post', async () => {
    const { el, nativePosts } = island('<form><input name="email"><button>Send</button></form>');
    el.querySelector('input')!.dispatchEvent(trusted(new FocusEvent('focusin', { bubbles: true })));
    const early = trusted(new Event('submit', { bubbles: true, cancelable: true }));
    el.querySelector('form')!.dispatchEvent(early);
    expect(nativePosts).toEqual([early]);
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
