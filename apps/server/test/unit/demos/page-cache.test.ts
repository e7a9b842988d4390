import { describe, expect, it } from 'vitest';
import { DemoPageCache } from '../../../src/demos/page-cache.ts';

/** A cache over a version the test moves and a clock it sets, rendering "{zone} v{version} #{n}". */
function cacheOver() {
  const state = { now: 1_000_000, version: 1, reads: 0, renders: 0, holdsMs: 30 * 60_000, site: {} };
  let release: (() => void) | undefined;
  const hold = { reads: false };
  const cache = new DemoPageCache<string, object>({
    now: () => state.now,
    readVersion: async () => {
      state.reads++;
      const version = state.version;
      if (hold.reads) await new Promise<void>((resolve) => (release = resolve));
      return version;
    },
    edition: () => state.site,
    render: async (zone) => ({
      page: `${zone} v${state.version} #${++state.renders}`,
      holdsUntil: state.now + state.holdsMs,
    }),
  });
  return { cache, state, hold, release: () => release?.() };
}

describe('the demo page kept per zone and availability version (D35)', () => {
  it('renders a zone once for a version, however many ask at once', async () => {
    const { cache, state } = cacheOver();
    const pages = await Promise.all([1, 2, 3].map(() => cache.page('Africa/Lagos')));
    expect(pages).toEqual(['Africa/Lagos v1 #1', 'Africa/Lagos v1 #1', 'Africa/Lagos v1 #1']);
    expect(await cache.page('Europe/London')).toBe('Europe/London v1 #2');
    expect(state.reads).toBe(1);
  });

  it('reads the version at most once a second, serving the copy in hand while it reads', async () => {
    const { cache, state, hold, release } = cacheOver();
    await cache.page('Africa/Lagos');
    state.version = 2;
    state.now += 500;
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v1 #1');
    expect(state.reads).toBe(1);

    state.now += 1_000;
    hold.reads = true;
    // The read is under way: the page goes as it was, and a second request starts no second read.
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v1 #1');
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v1 #1');
    expect(state.reads).toBe(2);
    release();
    hold.reads = false;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v2 #2');
  });

  it('reads the version before answering after five seconds without one', async () => {
    const { cache, state } = cacheOver();
    await cache.page('Africa/Lagos');
    state.version = 2;
    state.now += 5_000;
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v2 #2');
  });

  it('shows a change made here on the next request', async () => {
    const { cache, state } = cacheOver();
    await cache.page('Africa/Lagos');
    state.version = 2;
    cache.changed();
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v2 #2');
  });

  it('renders again for a new version of the site, the availability unmoved (D45)', async () => {
    const { cache, state } = cacheOver();
    await cache.page('Africa/Lagos');
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v1 #1');
    state.site = {};
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v1 #2');
    expect(state.reads).toBe(1);
  });

  it('renders again when the slots change with time, the version unmoved', async () => {
    const { cache, state } = cacheOver();
    state.holdsMs = 600;
    await cache.page('Africa/Lagos');
    state.now += 599;
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v1 #1');
    state.now += 1;
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v1 #2');
  });

  it('keeps nothing that failed to render', async () => {
    let fail = true;
    const site = {};
    const cache = new DemoPageCache<string, object>({
      readVersion: async () => 1,
      edition: () => site,
      render: async () => {
        if (fail) throw new Error('no page');
        return { page: 'page', holdsUntil: Infinity };
      },
    });
    await expect(cache.page('Africa/Lagos')).rejects.toThrow('no page');
    fail = false;
    expect(await cache.page('Africa/Lagos')).toBe('page');
  });

  it('keeps the copies made for the next site version, before it is served, beside those of the one served', async () => {
    const { cache, state } = cacheOver();
    const next = {};
    expect(await cache.page('Africa/Lagos', 'en', next)).toBe('Africa/Lagos v1 #1');
    // The version served meanwhile renders its own, and leaves the next one's in place.
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v1 #2');
    state.site = next;
    expect(await cache.page('Africa/Lagos')).toBe('Africa/Lagos v1 #1');
    expect(state.renders).toBe(2);
  });
});
