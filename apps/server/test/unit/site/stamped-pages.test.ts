import { formStampStandIn } from '@growmail/contracts/form-posts';
import { describe, expect, it } from 'vitest';
import type { SiteFile } from '../../../src/site/site-files.ts';
import { StampedPages } from '../../../src/site/stamped-pages.ts';

const hour = 3_600_000;

const page = (path = '/contact.html'): SiteFile => {
  const body = Buffer.from(`<form><input name="form_stamp" value="${formStampStandIn}"></form>`);
  return {
    path,
    contentType: 'text/html; charset=utf-8',
    body,
    etag: '"built"',
    immutable: false,
    compressible: true,
    scriptHashes: [],
    stamped: true,
    encoded: new Map(),
  };
};

/** Signs "stamp@{instant}"; `secret` says whether the secret can be read now. */
function signer() {
  const state = { secret: true, signed: [] as number[] };
  const sign = async (at: Date) => {
    state.signed.push(at.getTime());
    return state.secret ? `stamp@${at.getTime()}` : null;
  };
  return { state, sign };
}

describe('pages stamped once per window (D35)', () => {
  it('gives every request in a window one page, stamped for the window start, with its own ETag', async () => {
    const { state, sign } = signer();
    let now = 5 * hour + 1_000;
    const pages = new StampedPages(sign, hour, () => now);
    const file = page();
    const [first, second] = await Promise.all([pages.forNow(file), pages.forNow(file)]);
    now += 30 * 60_000;
    const later = await pages.forNow(file);

    expect(first.file).toBe(second.file);
    expect(later.file).toBe(first.file);
    expect(state.signed).toEqual([5 * hour]);
    expect(first.file.body.toString()).toContain(`value="stamp@${5 * hour}"`);
    expect(first.file.etag).not.toBe(file.etag);
    expect(first).toMatchObject({ signed: true, until: 6 * hour });
  });

  it('makes the next window its own page with a new stamp and ETag', async () => {
    const { sign } = signer();
    let now = 5 * hour;
    const pages = new StampedPages(sign, hour, () => now);
    const file = page();
    const first = await pages.forNow(file);
    now = 6 * hour;
    const next = await pages.forNow(file);
    expect(next.file.body.toString()).toContain(`stamp@${6 * hour}`);
    expect(next.file.etag).not.toBe(first.file.etag);
  });

  it('sends an empty stamp while the secret cannot be read, and signs as soon as it can', async () => {
    const { state, sign } = signer();
    const pages = new StampedPages(sign, hour, () => 5 * hour);
    const file = page();
    state.secret = false;
    const unsigned = await pages.forNow(file);
    expect(unsigned.signed).toBe(false);
    expect(unsigned.file.body.toString()).toContain('value=""');
    expect((await pages.forNow(file)).file).toBe(unsigned.file);

    state.secret = true;
    const signed = await pages.forNow(file);
    expect(signed.signed).toBe(true);
    expect(signed.file.body.toString()).toContain(`stamp@${5 * hour}`);
    expect(state.signed).toHaveLength(3);
  });

  describe('prepared ahead of the first request', () => {
    /** A version of these files, compressing by a tag of the body: what `Site.encode` keeps on the file. */
    const siteOf = (...files: SiteFile[]) => {
      const compressed: string[] = [];
      return {
        compressed,
        files: new Map(files.map((file) => [file.path, file])),
        encode: async (file: SiteFile, encoding: 'br' | 'gzip') => {
          let body = file.encoded.get(encoding);
          if (!body) {
            compressed.push(`${file.path} ${encoding}`);
            body = Promise.resolve(Buffer.from(`${encoding}:${file.body.toString()}`));
            file.encoded.set(encoding, body);
          }
          return body;
        },
      };
    };

    it('makes and compresses the stamped pages for the window, which requests are then sent', async () => {
      const { state, sign } = signer();
      const now = 5 * hour + 1_000;
      const pages = new StampedPages(sign, hour, () => now);
      const contact = page();
      const plain = { ...page('/pricing.html'), stamped: false };
      const site = siteOf(contact, plain);

      await pages.prepare(site, now);
      expect(site.compressed).toEqual(['/contact.html br', '/contact.html gzip']);
      const sent = await pages.forNow(contact);
      expect(sent.file.body.toString()).toContain(`stamp@${5 * hour}`);
      expect(sent.file.encoded.size).toBe(2);
      expect(state.signed).toEqual([5 * hour]);
    });

    it('makes the next window ahead while the current one is still sent', async () => {
      const { state, sign } = signer();
      let now = 5 * hour + 59 * 60_000;
      const pages = new StampedPages(sign, hour, () => now);
      const contact = page();
      const current = await pages.forNow(contact);

      await pages.prepare(siteOf(contact), 6 * hour);
      expect((await pages.forNow(contact)).file).toBe(current.file);
      now = 6 * hour;
      const next = await pages.forNow(contact);
      expect(next.file.body.toString()).toContain(`stamp@${6 * hour}`);
      expect(next.file.encoded.size).toBe(2);
      expect(state.signed).toEqual([5 * hour, 6 * hour]);
    });

    it('leaves the pages sent another way, and tries a page again when the secret cannot be read', async () => {
      const { state, sign } = signer();
      const pages = new StampedPages(sign, hour, () => 5 * hour);
      const demo = page('/demo.html');
      const contact = page();
      const site = siteOf(demo, contact);
      state.secret = false;
      await pages.prepare(site, 5 * hour, (file) => file.path === '/demo.html');
      expect(site.compressed).toEqual([]);
      expect(state.signed).toEqual([5 * hour]);

      state.secret = true;
      expect((await pages.forNow(contact)).signed).toBe(true);
    });
  });
});
