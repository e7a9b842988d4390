import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp } from '@growmail/test-support/app';

describe('stamped pages made before they are asked for (D35, issue 55)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
  });

  it('makes the next window’s pages too for a version that comes in the minute before it starts', async () => {
    const windowMs = app.config.formStamp.windowMs;
    const next = (Math.floor(Date.now() / windowMs) + 1) * windowMs;
    vi.useFakeTimers({ toFake: ['Date'], now: next - 30_000 });
    // A version of one page, the home page with its lead form, so that only it is compressed.
    const version = app.site.next(new Map([['/index.html', app.site.page('/')!.body]]));
    const home = version.page('/')!;
    await app.prepareSite(version);
    const before = await app.stampedPages.forNow(home);

    vi.setSystemTime(next + 1_000);
    const after = await app.stampedPages.forNow(home);
    expect(after.until).toBe(next + windowMs);
    expect(after.file.etag).not.toBe(before.file.etag);
    // Made and compressed before this first request of the window.
    expect([...after.file.encoded.keys()].sort()).toEqual(['br', 'gzip']);
    vi.useRealTimers();
  });
});
