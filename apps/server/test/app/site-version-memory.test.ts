import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import type { Site } from '../../src/site/site-files.ts';

// A full collection on demand, in this worker only.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** A version of a few files: a page, a hashed stylesheet, and a pricing choice's page. */
const version = (n: number) =>
  new Map([
    ['/index.html', Buffer.from(`<!doctype html><p>Version ${n}</p>`)],
    [`/_astro/site-${n}.css`, Buffer.from(`p{margin:${n}px}`)],
    ['/_views/index/USD-month-campaign-up-to-1m.html', Buffer.from(`<p>Version ${n} in dollars</p>`)],
  ]);

describe('a served version’s memory (D45)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp();
    await app.ready();
  });
  afterAll(() => app?.close());

  it('lets a version go once two newer ones are served: publishes do not pile up in memory', async () => {
    let site: Site = app.site.next(version(1));
    const first = new WeakRef(site);
    for (let n = 2; n <= 4; n++) site = site.next(version(n));
    // The newest still serves the one before's stylesheet, but holds nothing of the first.
    expect(site.hasFile('/_astro/site-3.css')).toBe(true);
    expect(site.hasFile('/_astro/site-1.css')).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(first.deref(), 'the first version was collected').toBeUndefined();
  });
});
