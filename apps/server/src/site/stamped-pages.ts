import { formStampStandIn } from '@growmail/contracts/form-posts';
import { compressInBackground } from './compression.ts';
import type { Encoding } from './encoding.ts';
import { pageVariant } from './page-variant.ts';
import type { SiteFile } from './site-files.ts';

/** A stamp signed for an instant, or null while its secret cannot be read. */
export type StampSigner = (issuedAt: Date) => Promise<string | null>;

/** What preparing a version's stamped pages needs of it: its files, and its compressed bodies (`Site`). */
export type StampedSite = {
  readonly files: ReadonlyMap<string, SiteFile>;
  encode(file: SiteFile, encoding: Encoding, compress?: typeof compressInBackground): Promise<Buffer>;
};

/** The start of the stamp window `now` falls in: windows are counted from the epoch, so every server agrees. */
export const windowStart = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/**
 * The pages with a lead form as they are sent during one stamp window (D35): the built page
 * with the stamp signed for the window's start in place of its stand-in. Each is made once per
 * window and page, by one promise the requests that come meanwhile share, and gets its own ETag
 * and compressed bodies (`Site.encode` keeps them on it), so every server with the same secret
 * sends the same bytes for a window. While the secret cannot be read the page goes with an
 * empty stamp (such a lead waits in the quarantine), and the next request tries again.
 *
 * A page made on its first request kept that request, and every one meanwhile, waiting while
 * its body was compressed at brotli's quality 11: 270 ms for the home page, after each publish
 * and each new window. `prepare` makes and compresses them before a request asks.
 */
export class StampedPages {
  /** Each page's stamped copies by the start of their window: the current one, and the next once prepared. */
  readonly #made = new WeakMap<SiteFile, Map<number, Promise<SiteFile | null>>>();
  readonly #unsigned = new WeakMap<SiteFile, SiteFile>();
  readonly #sign: StampSigner;
  readonly #now: () => number;
  readonly windowMs: number;

  constructor(sign: StampSigner, windowMs: number, now: () => number = () => Date.now()) {
    this.#sign = sign;
    this.windowMs = windowMs;
    this.#now = now;
  }

  /** The page as sent now, and whether its stamp is signed; a page without the stand-in as it is. */
  async forNow(file: SiteFile): Promise<{ file: SiteFile; signed: boolean; until: number }> {
    const window = windowStart(this.#now(), this.windowMs);
    const until = window + this.windowMs;
    if (!file.stamped) return { file, signed: true, until };
    const signed = await this.#forWindow(file, window);
    if (signed) return { file: signed, signed: true, until };
    return { file: this.#unsignedOf(file), signed: false, until };
  }

  /**
   * Makes the stamped pages of a version for the window `at` falls in, and compresses them,
   * ahead of their first request: before a new version is served, and before a new window
   * starts. `except` names pages sent another way (/demo, rendered with its slots).
   */
  async prepare(site: StampedSite, at: number, except: (file: SiteFile) => boolean = () => false): Promise<void> {
    const window = windowStart(at, this.windowMs);
    for (const file of site.files.values()) {
      if (!file.stamped || except(file)) continue;
      const made = await this.#forWindow(file, window);
      if (made) for (const encoding of ['br', 'gzip'] as const) await site.encode(made, encoding, compressInBackground);
    }
  }

  /** The page stamped for a window, made once; null while the secret cannot be read, and tried again next time. */
  async #forWindow(file: SiteFile, window: number): Promise<SiteFile | null> {
    let windows = this.#made.get(file);
    if (!windows) this.#made.set(file, (windows = new Map()));
    let made = windows.get(window);
    if (!made) {
      made = this.#stamp(file, window);
      windows.set(window, made);
      // Copies of windows before the one before are never sent again.
      for (const start of windows.keys()) if (start < window - this.windowMs) windows.delete(start);
    }
    const signed = await made;
    if (!signed && windows.get(window) === made) windows.delete(window);
    return signed;
  }

  async #stamp(file: SiteFile, window: number): Promise<SiteFile | null> {
    const stamp = await this.#sign(new Date(window));
    return stamp ? withStamp(file, stamp) : null;
  }

  /** The page with an empty stamp: the same bytes every time, so it is made once. */
  #unsignedOf(file: SiteFile): SiteFile {
    let unsigned = this.#unsigned.get(file);
    if (!unsigned) {
      unsigned = withStamp(file, '');
      this.#unsigned.set(file, unsigned);
    }
    return unsigned;
  }
}

const withStamp = (file: SiteFile, stamp: string): SiteFile => ({
  ...pageVariant(file, file.body.toString('utf8').replaceAll(formStampStandIn, stamp)),
  stamped: false,
});
