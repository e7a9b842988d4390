import type { Page } from 'playwright-core';

/**
 * Waits for conditions, not for time. Playwright's `networkidle` (and a sleep after it) waits
 * half a second past the last request on every page, which added up to minutes across the
 * suite; these wait exactly as long as the page is still doing something.
 */

const watches = new WeakMap<Page, RequestWatch>();

/**
 * Counts the page's requests from here on: how many are still open, and how many have started.
 * One count per page, however often it is asked for; start it before the page navigates.
 */
export function watchRequests(page: Page): RequestWatch {
  const known = watches.get(page);
  if (known) return known;
  let open = 0;
  let started = 0;
  let waiting: Array<() => void> = [];
  page.on('request', () => {
    open += 1;
    started += 1;
  });
  const done = () => {
    open = Math.max(0, open - 1);
    for (const wake of waiting) wake();
    waiting = [];
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const ended = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  const watch = { open: () => open, started: () => started, ended };
  watches.set(page, watch);
  return watch;
}
type RequestWatch = {
  open: () => number;
  started: () => number;
  /** Resolves when the next open request ends, or after `ms`. */
  ended: (ms: number) => Promise<void>;
};

/** Resolves after the page has rendered `count` more frames. */
export const nextFrames = (page: Page, count = 2) =>
  page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(frames);
      }),
    count,
  );

/**
 * Whether every island that has been told to hydrate by now has: those that hydrate on load,
 * and those that hydrate on sight and are on screen (islands are `display: contents`; their
 * first rendered child says where they are). Astro drops an island's `ssr` attribute once it
 * has handed it to React, which then hydrates it in slices; React marks each element it has
 * taken over with a `__reactFiber$…` key. Islands that wait for the visitor
 * (client:interaction, client:form) are not waited for.
 */
const triggeredIslandsHydrated = () =>
  [...document.querySelectorAll('astro-island')].every((island) => {
    const child = island.firstElementChild;
    const hydrated =
      !island.hasAttribute('ssr') && (!child || Object.keys(child).some((key) => key.startsWith('__reactFiber$')));
    if (hydrated) return true;
    const directive = island.getAttribute('client');
    if (directive === 'load' || directive === 'idle') return false;
    if (directive !== 'visible') return true;
    const box = (child ?? island).getBoundingClientRect();
    return !(box.bottom > 0 && box.top < window.innerHeight && box.height > 0);
  });

/** Waits until every island that should have hydrated by now (see above) has. */
export async function islandsHydrated(page: Page, timeout = 15_000) {
  await page.waitForFunction(triggeredIslandsHydrated, undefined, { polling: 'raf', timeout });
}

/**
 * Waits until no request is open, and none starts while the page renders two more frames: the
 * end of a chain of imports, or of what a freshly hydrated island fetches. While one is open it
 * waits for Playwright's word that a request ended, rather than asking the page for a frame
 * again and again: every ask is a round trip through Playwright and a frame drawn.
 */
export async function requestsDone(page: Page, timeout = 15_000) {
  const requests = watchRequests(page);
  const deadline = Date.now() + timeout;
  for (;;) {
    const seen = requests.started();
    if (requests.open() === 0) {
      await nextFrames(page);
      if (requests.open() === 0 && requests.started() === seen) return;
    } else {
      await requests.ended(deadline - Date.now());
    }
    if (Date.now() > deadline) throw new Error(`requests still open after ${timeout} ms: ${requests.open()}`);
  }
}

/**
 * Waits until the page has done what it does by itself: loaded, its fonts settled, every island
 * that should have hydrated hydrated, and its requests done.
 */
export async function settled(page: Page) {
  watchRequests(page);
  await page.waitForLoadState('load');
  await islandsHydrated(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await requestsDone(page);
  await nextFrames(page);
}

/** `page.goto(url, { waitUntil: 'networkidle' })`, without the half second of quiet: see `settled`. */
export async function gotoSettled(page: Page, url: string) {
  watchRequests(page);
  const response = await page.goto(url, { waitUntil: 'load' });
  await settled(page);
  return response;
}
