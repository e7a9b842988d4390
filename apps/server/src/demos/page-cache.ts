import type { Language } from '@growmail/contracts/language';

/** A page rendered for one zone, and the instant (ms) until which it holds with time alone. */
export type RenderedPage<Page> = { page: Page; holdsUntil: number };

export type DemoPageCacheOptions<Page, Edition extends object> = {
  /** Renders the page for a zone, in a language (D37), of an edition, as the availability stands now. */
  render: (zone: string, language: Language, edition: Edition) => Promise<RenderedPage<Page>>;
  /** The availability's version, which every server's changes count up; null when it cannot be read. */
  readVersion: () => Promise<number | null>;
  /**
   * What else the page is made from, compared by identity: the site version being served (D45),
   * whose words the page shows. Each keeps copies of its own, so a copy made for the next one
   * before it is served stays beside those of the one served.
   */
  edition: () => Edition;
  now?: () => number;
};

/** A version read this recently is current: the page is served as it is. */
const currentMs = 1_000;
/** A version read longer ago than this is read again before the page is served. */
const outdatedMs = 5_000;

type Copy<Page> = { version: number | null; holdsUntil: number; page: Promise<Page> };

/**
 * The demo page kept per zone, language and version of the availability (D32, D35), and per
 * version of the site (D45), so a visitor gets
 * a page rendered before rather than the slots read and written in for them. A copy holds until
 * the version moves or the slots change with time (`holdsUntil`). The version is read at most
 * about once a second, by one query the requests share: a second after a read the next request
 * is served the copy while the version is read again beside it; after five seconds without a
 * request the version is read before answering. A change made through this server marks the
 * version for reading at once (`changed`), so it shows on the next request.
 */
export class DemoPageCache<Page, Edition extends object> {
  /** Copies by edition, then by language and zone: an edition no longer served takes its copies with it. */
  readonly #copies = new WeakMap<Edition, Map<string, Copy<Page>>>();
  readonly #render: DemoPageCacheOptions<Page, Edition>['render'];
  readonly #readVersion: DemoPageCacheOptions<Page, Edition>['readVersion'];
  readonly #edition: () => Edition;
  readonly #now: () => number;
  #version: number | null = null;
  /** When the version in hand was read; -Infinity when it is to be read before the next answer. */
  #readAt = -Infinity;
  #reading: Promise<void> | undefined;
  /** Reads started, and the latest whose answer is in hand: an older read never replaces a newer. */
  #reads = 0;
  #applied = 0;
  #changes = 0;

  constructor(options: DemoPageCacheOptions<Page, Edition>) {
    this.#render = options.render;
    this.#readVersion = options.readVersion;
    this.#edition = options.edition;
    this.#now = options.now ?? (() => Date.now());
  }

  /**
   * The page for a zone and language, rendered now or kept from before for this version: of
   * the edition served, or of one about to be (a site version made ready before it is swapped in).
   */
  async page(zone: string, language: Language = 'en', edition: Edition = this.#edition()): Promise<Page> {
    const version = await this.#currentVersion();
    const key = `${language} ${zone}`;
    let copies = this.#copies.get(edition);
    if (!copies) this.#copies.set(edition, (copies = new Map()));
    const copy = copies.get(key);
    if (copy && copy.version === version && copy.holdsUntil > this.#now()) return copy.page;
    const made = { version, holdsUntil: Infinity } as Copy<Page>;
    made.page = this.#render(zone, language, edition).then(
      (rendered) => {
        made.holdsUntil = rendered.holdsUntil;
        return rendered.page;
      },
      (error: unknown) => {
        if (copies.get(key) === made) copies.delete(key);
        throw error;
      },
    );
    copies.set(key, made);
    return made.page;
  }

  /** The availability changed through this server: the next request reads the version first. */
  changed(): void {
    this.#changes++;
    this.#readAt = -Infinity;
    this.#reading = undefined;
  }

  async #currentVersion(): Promise<number | null> {
    const age = this.#now() - this.#readAt;
    // A clock set back makes the age negative: read again rather than trust it for as long.
    if (age >= outdatedMs || age < 0) await this.#read();
    else if (age >= currentMs) void this.#read();
    return this.#version;
  }

  #read(): Promise<void> {
    if (!this.#reading) {
      const reading = this.#readOnce().finally(() => {
        if (this.#reading === reading) this.#reading = undefined;
      });
      this.#reading = reading;
    }
    return this.#reading;
  }

  async #readOnce(): Promise<void> {
    const read = ++this.#reads;
    const changes = this.#changes;
    const startedAt = this.#now();
    const version = await this.#readVersion().catch(() => null);
    if (read < this.#applied) return;
    this.#applied = read;
    this.#version = version;
    // A read that began before a change here may not count it: the next request reads again.
    if (changes === this.#changes) this.#readAt = startedAt;
  }
}
