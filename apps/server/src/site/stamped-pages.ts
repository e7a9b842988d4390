import { formStampStandIn } from '@growmail/contracts/form-posts';
import { pageVariant } from './page-variant.ts';
import type { SiteFile } from './site-files.ts';

/** A stamp signed for an instant, or null while its secret cannot be read. */
export type StampSigner = (issuedAt: Date) => Promise<string | null>;

/** The start of the stamp window `now` falls in: windows are counted from the epoch, so every server agrees. */
export const windowStart = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/**
 * The pages with a lead form as they are sent during one stamp window (D35): the built page
 * with the stamp signed for the window's start in place of its stand-in. Each is made once per
 * window and page, by one promise the requests that come meanwhile share, and gets its own ETag
 * and compressed bodies (`Site.encode` keeps them on it), so every server with the same secret
 * sends the same bytes for a window. While the secret cannot be read the page goes with an
 * empty stamp (such a lead waits in the quarantine), and the next request tries again.
 */
export class StampedPages {
  readonly #made = new WeakMap<SiteFile, { window: number; file: Promise<SiteFile | null> }>();
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
    let made = this.#made.get(file);
    if (!made || made.window !== window) {
      made = { window, file: this.#stamp(file, window) };
      this.#made.set(file, made);
    }
    const signed = await made.file;
    if (signed) return { file: signed, signed: true, until };
    if (this.#made.get(file) === made) this.#made.delete(file);
    return { file: this.#unsignedOf(file), signed: false, until };
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
