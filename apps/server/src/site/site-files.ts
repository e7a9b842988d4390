import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import catalogueData from '@growmail/site/content/catalogue.json' with { type: 'json' };
import { builtCataloguePath, parseCatalogue, type Catalogue } from '@growmail/contracts/catalogue';
import { choiceViewsDir, pricingViewFor, sampleViewFor } from '@growmail/contracts/choice-views';
import { publishedEntriesPath, type PublishedEntry } from '@growmail/contracts/content/entries';
import { formStampStandIn } from '@growmail/contracts/form-posts';
import { type OnDemandLocals, type OnDemandView } from '@growmail/contracts/on-demand';
import { contactBrackets } from '@growmail/contracts/pricing';
import { teamViewPath, type TeamLocals } from '@growmail/contracts/team';
import { FirstPaint } from '@growmail/site/first-paint-css';
import { compressInBackground, compressOnce } from './compression.ts';
import { contentTypeOf, isCompressible } from './content-types.ts';
import type { Encoding } from './encoding.ts';
import { OnDemandPages } from './on-demand.ts';
import { substitute, type Substitution } from './placeholders.ts';

export type SiteFile = {
  path: string;
  contentType: string;
  body: Buffer;
  etag: string;
  /** Content-hashed build output that never changes under its name. */
  immutable: boolean;
  compressible: boolean;
  /** For HTML pages: the sha256 sources of its inline scripts, for the CSP. */
  scriptHashes: string[];
  /** A page with a lead form, sent with the stamp of the current window in place of its stand-in (D35). */
  stamped: boolean;
  encoded: Map<Encoding, Promise<Buffer>>;
};

/** What is applied to every page, built or rendered on demand. */
type PageOptions = {
  substitutions: readonly Substitution[];
  /** Adds <meta name="robots" content="noindex"> to every page (outside production). */
  noindex: boolean;
};

export type SiteOptions = PageOptions & {
  /** The build's on-demand renderer (`dist-server/entry.mjs`). */
  renderer: string;
  /** Where compressed bodies are kept beside this process's memory; see `EncodedStore`. */
  encodedStore?: EncodedStore;
};

/**
 * Compressed bodies kept by a key of their content (the body's ETag and the encoding), for the
 * servers of one test run: each e2e file starts a server of its own, which compressed every page
 * it sent at brotli's quality 11 again, 3.5 s of CPU for a walk of the site's 45 pages. A server in
 * production has none and compresses each file once, at start.
 */
export type EncodedStore = {
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, body: Buffer): Promise<void>;
};

const substitutable = /\.(html|txt|xml|webmanifest|json|md|yaml|atom)$/;
const noindexTag = '<meta name="robots" content="noindex"/>';

/** A page rendered on demand for one answer, with the configuration applied like a built page's. */
export type FreshPage = { html: string; contentType: string; scriptHashes: string[] };

/**
 * The catalogue of the release's sources (apps/site/src/content/catalogue.json), for a build that
 * carries none of its own (`builtCataloguePath`).
 */
const releaseCatalogue = parseCatalogue(catalogueData);
/** A catalogue with the ids of the brackets the pricing form offers, which name its prerendered choices. */
const pricing = (catalogue: Catalogue) => ({
  catalogue,
  bracketIds: contactBrackets(catalogue).map((bracket) => bracket.id),
});

/** The exported site, held in memory with the configuration applied, and its pages rendered on demand. */
export class Site {
  readonly files = new Map<string, SiteFile>();
  #onDemand: OnDemandPages | undefined;
  #options: PageOptions = { substitutions: [], noindex: false };
  readonly #pages = new Map<string, SiteFile>();
  /**
   * The copies of pages that a query's choice shows, by their path under /_views: sent for a
   * query, never at their own path. Each is read the first time it is asked for and kept, so
   * start-up and memory grow with the choices visitors make, not with every choice there is.
   */
  readonly #views = new Map<string, { read: () => Promise<SiteFile>; file?: Promise<SiteFile> }>();
  readonly #saveData = new WeakMap<SiteFile, SiteFile>();
  #store: EncodedStore | undefined;
  /** The first paint's CSS for a page rendered on demand, from the stylesheet held here (issue 41, D43). */
  readonly #firstPaint = new FirstPaint((href) => this.files.get(href)?.body.toString('utf8'));

  /**
   * The entries' published values this build came with (D45), kept for the console's Site pages
   * and never sent to a visitor.
   */
  #published: Buffer | undefined;
  /** The hashed assets kept from the version before, and the renderer's (`next`). */
  readonly #kept = new Set<string>();
  /**
   * The hashed assets of the build the on-demand renderer came with (the release's): the pages it
   * renders ask for these (its stylesheet, its islands' scripts), whatever version is served.
   * Undefined on that build itself, whose own assets they are.
   */
  #rendererAssets: ReadonlyMap<string, SiteFile> | undefined;
  #publishedEntries: readonly PublishedEntry[] | undefined;
  /** The pricing catalogue this build was made with (D45: prices are part of a version), and its brackets. */
  #catalogue: { catalogue: Catalogue; bracketIds: string[] } = pricing(releaseCatalogue);

  add(file: SiteFile): void {
    if (file.path === publishedEntriesPath) {
      this.#published = file.body;
      return;
    }
    if (file.path === builtCataloguePath) {
      // Checked as it is read: a version whose catalogue fails its schema is not served.
      this.#catalogue = pricing(parseCatalogue(JSON.parse(file.body.toString('utf8'))));
      return;
    }
    this.files.set(file.path, file);
    const route = routeOf(file.path);
    if (route) this.#pages.set(route, file);
  }

  /**
   * The pricing catalogue this version's pages were built with, which the modules service answers
   * with (D45): a publish that changes a price swaps it with the pages. The release's sources' for
   * a build that carries none.
   */
  get catalogue(): Catalogue {
    return this.#catalogue.catalogue;
  }

  /** Where the build's on-demand pages come from, and the configuration they are given. */
  useOnDemand(pages: OnDemandPages, options: PageOptions): void {
    this.#onDemand = pages;
    this.#options = options;
  }

  /** Keeps compressed bodies in `store` as well, and looks there before compressing one. */
  useEncodedStore(store: EncodedStore): void {
    this.#store = store;
  }

  /**
   * A published version of the site (D45): these files, by their path in the build, with this
   * site's configuration, on-demand renderer (the release's, never imported again) and store. The
   * hashed assets of this one stay servable beside the new ones, so a page of either version
   * finds its assets, and so do the release's, which the pages rendered on demand ask for; a file
   * the same in both is taken over with its compressed bodies.
   */
  next(files: ReadonlyMap<string, Buffer>): Site {
    const site = new Site();
    if (this.#onDemand) site.useOnDemand(this.#onDemand, this.#options);
    else site.#options = this.#options;
    site.#store = this.#store;
    Site.#addVersion(site, files, this.files);
    // The previous version's own assets only, not those it kept in turn: two versions at most.
    for (const [path, file] of this.files)
      if (file.immutable && !site.files.has(path) && !this.#kept.has(path)) {
        site.files.set(path, file);
        site.#kept.add(path);
      }
    // And the renderer's, which the pages rendered on demand ask for in every version.
    let rendererAssets = this.#rendererAssets;
    if (!rendererAssets) {
      const own = new Map<string, SiteFile>();
      for (const [path, file] of this.files) if (file.immutable && !this.#kept.has(path)) own.set(path, file);
      rendererAssets = own;
    }
    site.#rendererAssets = rendererAssets;
    for (const [path, file] of rendererAssets)
      if (!site.files.has(path)) {
        site.files.set(path, file);
        site.#kept.add(path);
      }
    return site;
  }

  /**
   * A version's files added to its new site, a file the publish left as it was taken over from
   * the one before with its compressed bodies. Static, so that the closures it leaves in the new
   * site (its choice views, read when first asked for) cannot hold the site before: one that did
   * kept every version ever served in memory.
   */
  static #addVersion(site: Site, files: ReadonlyMap<string, Buffer>, before: ReadonlyMap<string, SiteFile>): void {
    for (const [path, body] of files) {
      if (/\.(br|gz)$/.test(path)) continue;
      const precompressed = (suffix: string) => files.get(path + suffix);
      const file = () => siteFileOf(path, body, precompressed, site.#options);
      if (path.startsWith(`${choiceViewsDir}/`)) {
        site.addView(path, async () => file());
        continue;
      }
      const made = file();
      const same = before.get(path);
      site.add(same && same.etag === made.etag ? same : made);
    }
  }

  /**
   * A view rendered on demand by Astro (D35), with the CSS its elements need inline and the
   * stylesheet at the end of <body> as the build does for a built page
   * (apps/site/src/integrations/first-paint-css.ts), the configuration applied as to a built
   * page, and its inline scripts hashed for its CSP. The shared /demo is kept per language and
   * zone (DemoPageCache), so its transform is paid once per render of the cache, not per visit;
   * other views pay it once per page shape (FirstPaint keeps the CSS by `shapeOf`).
   */
  async render(view: OnDemandView, locals: OnDemandLocals): Promise<FreshPage> {
    if (!this.#onDemand) throw new Error('This site has no on-demand pages.');
    // The renderer is the release's: the words it shows are this version's, handed in (D45).
    const content = this.#entries();
    const rendered = await this.#firstPaint.inline(
      await this.#onDemand.render(view, content ? { ...locals, content } : locals),
    );
    const html = applyOptions(rendered, this.#options);
    return {
      html,
      contentType: contentTypeOf('.html'),
      scriptHashes: inlineScriptHashes(html),
    };
  }

  /**
   * A team console page (D40), rendered like the other on-demand views but with none of the
   * site's configuration applied: it shows no public link, font choice or `noindex` switch. Its
   * own stylesheet (team.css) stays linked in <head>: the console is a tool for the team on
   * their own links, not a first visit on a slow one.
   */
  async renderTeam(locals: TeamLocals): Promise<FreshPage> {
    if (!this.#onDemand) throw new Error('This site has no on-demand pages.');
    const entries = this.#entries();
    const team = entries ? { ...locals, entries } : locals;
    const html = await this.#onDemand.renderAt(teamViewPath(locals.page.view), { team });
    return { html, contentType: contentTypeOf('.html'), scriptHashes: inlineScriptHashes(html) };
  }

  /** The entries' published values this version came with, read once: one array for every render of it. */
  #entries(): readonly PublishedEntry[] | undefined {
    this.#publishedEntries ??= this.#published && (JSON.parse(this.#published.toString('utf8')) as PublishedEntry[]);
    return this.#publishedEntries;
  }

  hasFile = (path: string): boolean => this.files.has(path);
  hasPage = (route: string): boolean => this.#pages.has(route);
  page = (route: string): SiteFile | undefined => this.#pages.get(route);
  routes = (): string[] => [...this.#pages.keys()].sort();
  /**
   * The file as a query asks for it (D30): for a pricing choice on a page with the pricing
   * section, or a `lang` on a reference page, the copy of the page the build rendered for it
   * (packages/contracts/src/choice-views.ts); for anything else the file itself.
   */
  async forQuery(file: SiteFile, search: string): Promise<SiteFile> {
    const route = search.length > 1 ? routeOf(file.path) : null;
    if (route === null) return file;
    const view =
      this.#view(pricingViewFor(route, search, this.#catalogue.bracketIds)) ?? this.#view(sampleViewFor(route, search));
    return view ? await view : file;
  }

  /** Registers a copy under /_views, read by `read` when first asked for. */
  addView(path: string, read: () => Promise<SiteFile>): void {
    this.#views.set(path, { read });
  }

  #view(path: string | undefined): Promise<SiteFile> | undefined {
    const view = path === undefined ? undefined : this.#views.get(path);
    if (view) view.file ??= view.read();
    return view?.file;
  }

  /**
   * The page without its web font, for a visitor who sent `Save-Data: on` (issue 21): the
   * elements the layout marks `data-web-font` (the font's preload and its @font-face) go, and
   * the fallback face draws the text. Made on first use and kept beside the page.
   */
  forSaveData(file: SiteFile): SiteFile {
    if (!file.path.endsWith('.html')) return file;
    let lite = this.#saveData.get(file);
    if (!lite) {
      const html = file.body.toString('utf8');
      const body = Buffer.from(withoutWebFont(html), 'utf8');
      lite = { ...file, body, etag: `${file.etag.slice(0, -1)}-s"`, encoded: new Map() };
      this.#saveData.set(file, lite);
    }
    return lite;
  }

  /**
   * The body in an encoding, compressed on first use and kept: in the thread pool for a request
   * that waits on it, or in the background thread ahead of any (`compressInBackground`).
   */
  encode(file: SiteFile, encoding: Encoding, compress = compressOnce): Promise<Buffer> {
    let body = file.encoded.get(encoding);
    if (!body) {
      const store = this.#store;
      body = store ? throughStore(store, file, encoding, compress) : compress(file.body, encoding);
      file.encoded.set(encoding, body);
    }
    return body;
  }

  /** Imports the on-demand renderer, if no page has needed it yet. */
  async onDemandReady(): Promise<void> {
    await this.#onDemand?.ready();
  }

  /**
   * Compresses every text file ahead of the first visitor, one body at a time in the background
   * thread; a copy for a choice is compressed when first sent.
   */
  async warm(): Promise<void> {
    for (const file of this.files.values()) {
      if (!file.compressible) continue;
      for (const encoding of ['br', 'gzip'] as const) await this.encode(file, encoding, compressInBackground);
    }
  }
}

/**
 * A body from the store, or compressed and put there. The store only saves work: one that cannot
 * be read is passed by, and one that cannot be written keeps nothing, and the body is sent either way.
 */
async function throughStore(
  store: EncodedStore,
  file: SiteFile,
  encoding: Encoding,
  compress: typeof compressOnce,
): Promise<Buffer> {
  // The ETag the body is sent with, unquoted: one name for one content in one encoding.
  const key = `${file.etag.slice(1, -1)}-${encoding}`;
  const kept = await store.get(key).catch(() => undefined);
  if (kept) return kept;
  const made = await compress(file.body, encoding);
  await store.set(key, made).catch(() => {});
  return made;
}

/** A page's HTML without the elements marked `data-web-font`. */
export function withoutWebFont(html: string): string {
  return html
    .replace(/<link\b[^>]*\sdata-web-font(?:="")?[^>]*>/g, '')
    .replace(/<style\b[^>]*\sdata-web-font(?:="")?[^>]*>[\s\S]*?<\/style>/g, '');
}

/** A page's HTML with the configured values in place of the build's stand-ins, and kept out of search outside production. */
function applyOptions(html: string, options: PageOptions): string {
  const text = substitute(html, options.substitutions);
  // A page that already keeps itself out of search (the confirmation page) needs no second tag.
  return options.noindex && !text.includes('<meta name="robots"')
    ? text.replace(/<head>/, `<head>${noindexTag}`)
    : text;
}

/** `/index.html` → `/`, `/pricing.html` → `/pricing`; the error pages (/404) are not routes. */
export function routeOf(path: string): string | null {
  if (!path.endsWith('.html')) return null;
  const route = path.replace(/\.html$/, '').replace(/\/index$/, '') || '/';
  if (/^\/(_|404$|500$)/.test(route)) return null;
  return route;
}

export async function loadSite(dir: string, options: SiteOptions): Promise<Site> {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`No exported site in ${dir}: run \`npm run build\` first.`);
  }
  const site = new Site();
  site.useOnDemand(OnDemandPages.load(options.renderer), options);
  if (options.encodedStore) site.useEncodedStore(options.encodedStore);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map(async (entry) => {
        const absolute = join(entry.parentPath, entry.name);
        const path = `/${relative(dir, absolute).split(sep).join('/')}`;
        if (path.startsWith(`${choiceViewsDir}/`)) site.addView(path, () => readSiteFile(absolute, path, options));
        else site.add(await readSiteFile(absolute, path, options));
      }),
  );
  return site;
}

async function readSiteFile(absolute: string, path: string, options: PageOptions): Promise<SiteFile> {
  const precompressed = (suffix: string) => (existsSync(absolute + suffix) ? readFile(absolute + suffix) : undefined);
  return siteFileOf(path, await readFile(absolute), precompressed, options);
}

/** A file of the site from its bytes as built, and its build's precompressed bodies (`.br`, `.gz`) where it has them. */
function siteFileOf(
  path: string,
  raw: Buffer,
  precompressed: (suffix: '.br' | '.gz') => Buffer | Promise<Buffer> | undefined,
  options: PageOptions,
): SiteFile {
  const contentType = contentTypeOf(path);
  const encoded = new Map<Encoding, Promise<Buffer>>();
  let body = raw;
  let scriptHashes: string[] = [];
  let stamped = false;
  if (substitutable.test(path)) {
    const text = path.endsWith('.html')
      ? applyOptions(raw.toString('utf8'), options)
      : substitute(raw.toString('utf8'), options.substitutions);
    if (path.endsWith('.html')) {
      scriptHashes = inlineScriptHashes(text);
      stamped = text.includes(formStampStandIn);
    }
    body = Buffer.from(text, 'utf8');
  }
  if (body === raw) {
    // Build output precompressed by apps/site/scripts/precompress.ts.
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const compressed = precompressed(suffix);
      if (compressed) encoded.set(encoding, Promise.resolve(compressed));
    }
  }
  return {
    path,
    contentType,
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    immutable: path.startsWith('/_astro/'),
    compressible: isCompressible(contentType) && body.length > 512,
    scriptHashes,
    stamped,
    encoded,
  };
}

/** sha256 sources for the page's executable inline scripts (Astro's island loader, our utm capture and header script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}
