import { createHash } from 'node:crypto';
import type { Options } from 'beasties';

/**
 * The part of Beasties used here. Its one .d.ts serves its CommonJS and its ES module, so
 * TypeScript under `nodenext` (the server's settings) reads the default import as the CommonJS
 * exports object; at run time, in Node and in Vite, it is the class.
 */
type Beasties = {
  process(html: string): Promise<string>;
  getCssAsset: (href: string) => Promise<string | undefined> | string | undefined;
};

/** Reads a stylesheet of the build by the URL a page links it with (`/_astro/site.<hash>.css`). */
export type StylesheetReader = (href: string) => Promise<string | undefined> | string | undefined;

/**
 * The site-wide stylesheet as the build links it (one per page, from layouts/Document.astro).
 * The team console's pages (their own team.css) are not given to this transform.
 */
const siteStylesheet = /<link rel="stylesheet" href="(\/_astro\/[\w.-]+\.css)">/;

/**
 * The attribute of a <noscript> whose content a page asks for only after its first paint: the
 * stylesheet's link at the end of <body>, and in <head> the manifest's. Without JavaScript the
 * browser reads them there; with it, components/after-first-paint.tsx adds them once the first
 * screen has painted.
 */
export const afterPaintMarker = 'data-after-paint';

/** The empty <noscript> a layout leaves where the stylesheet's link goes (layouts/Document.astro). */
export const stylesheetSlot = `<noscript ${afterPaintMarker}></noscript>`;

/**
 * Astro's island runtime, which Astro writes before the first island of a page: the definition of
 * `<astro-island>` and each hydration directive's script (`self.Astro.interaction = …`). On a
 * product or docs page that is 2 KB of brotli before the <h1>, 45 ms on the slow link (issue 41).
 * After the stylesheet's slot, it runs once the page is parsed: the islands' server-rendered markup
 * is there from the start, the custom element upgrades every island when it is defined, and an
 * island waits for its directive's event, so none wakes differently. An island still wakes only on
 * interaction or sight (D28), and a page without JavaScript never reads it.
 */
const islandRuntimeMarks = ['(self.Astro||(self.Astro={}))', 'customElements.define("astro-island"'];

/**
 * `html` without the inline scripts (`<script>` with no attributes) that hold one of
 * `islandRuntimeMarks`, and those scripts in their order. Found by their marks rather than by
 * matching every script: a page rendered on demand pays this on every answer, and a regular
 * expression over a 110 KB page took 400 µs where these few searches take a few.
 */
function withoutIslandRuntime(html: string): { rest: string; runtime: string } {
  const open = '<script>';
  const close = '</script>';
  const starts = new Set<number>();
  for (const mark of islandRuntimeMarks) {
    for (let at = html.indexOf(mark); at !== -1; at = html.indexOf(mark, at + mark.length)) {
      const start = html.lastIndexOf(open, at);
      // Inside that script only: no other script ended between its start and the mark.
      if (start !== -1 && html.lastIndexOf(close, at) < start) starts.add(start);
    }
  }
  let rest = '';
  let runtime = '';
  let from = 0;
  for (const start of [...starts].sort((a, b) => a - b)) {
    const end = html.indexOf(close, start) + close.length;
    rest += html.slice(from, start);
    runtime += html.slice(start, end);
    from = end;
  }
  return { rest: rest + html.slice(from), runtime };
}

const decoded = (entity: string) => (entity === '&amp;' ? '&' : "'");

/** Page shapes whose CSS is kept: the on-demand views and their states are a few dozen. */
const keptShapes = 200;

/**
 * Attributes that carry a page's data rather than what a selector of the site's stylesheet reads:
 * a field's value, a link, a text alternative, an island's props and its render's uid, a time. Their values are left
 * out of a page's shape; every other attribute (class, id, type, role, aria-*, data-*, open…) is in.
 */
const dataAttribute =
  /\s(value|href|action|content|src|srcset|alt|title|placeholder|datetime|aria-label|props|uid|nonce|integrity)="[^"]*"/g;

/**
 * What decides which rules Beasties keeps for a page: its tags with their attributes, without the
 * text between them (which no selector of the stylesheet reads) or the data in `dataAttribute`s.
 */
export function shapeOf(html: string): string {
  const tags = html.replace(/>[^<]*</g, '><').replace(dataAttribute, ' $1');
  return createHash('sha256').update(tags).digest('base64url');
}

/**
 * Beasties keeps the CSS rules whose selectors match an element of the page (all of them, not
 * only the first screen's: it renders nothing, it matches selectors) and moves the page's
 * `<link rel="stylesheet">` to the end of <body> (`preload: 'body'`), where it blocks no paint of
 * what comes before it and needs no script. The stylesheet itself is left whole (`pruneSource:
 * false`): it is one file for every page, cached once, and it holds the rules for what script or
 * a visitor adds later (a menu opened, an island's states). The page's own inline styles (the
 * font faces, which Save-Data drops by their `data-web-font`) are left as written
 * (`reduceInlineStyles: false`), no font is preloaded or inlined, and only the keyframes that a
 * kept rule names come along.
 */
const options: Options = {
  preload: 'body',
  pruneSource: false,
  reduceInlineStyles: false,
  mergeStylesheets: true,
  fonts: false,
  inlineFonts: false,
  preloadFonts: false,
  keyframes: 'critical',
  // Selectors Beasties cannot evaluate against the page, which it would leave out: Tailwind's
  // `space-y-*` and `divide-y` (`:where(.space-y-4>:not(:last-child))`), its `has-*` and
  // `group-*` variants (`:has(:checked)`, `:is(:where(.group):hover …)`) and the header's
  // `body:not(:has(#main))`. There are a few dozen; all of them are kept.
  allowRules: [/:(where|is|has)\(/],
  compress: true,
  logLevel: 'warn',
};

/** How Beasties' module is had: imported when first needed, unless the caller holds it already. */
export type BeastiesModule = () => Promise<{ default: unknown }>;

/**
 * Beasties, imported when a page first needs it: its parsers cost a busy machine about 2 s of
 * the server's start, which may never render a page on demand. The build's integration gives the
 * module it imported itself: by `astro:build:done` Vite's module runner, which loaded the config
 * and would resolve a later import, is closed. Stylesheets are read by `read`.
 */
async function beastiesReading(read: StylesheetReader, load: BeastiesModule): Promise<Beasties> {
  const { default: Beasties } = await load();
  const beasties = new (Beasties as unknown as new (options: Options) => Beasties)(options);
  beasties.getCssAsset = (href) => read(href);
  return beasties;
}

/**
 * A page with the CSS its elements need inline in <head>, and the site's stylesheet linked at the
 * end of <body> instead, inside a <noscript> (issue 41, D43; docs/decisions.md, "The first paint
 * in one round trip"): a browser without JavaScript reads the link there; with JavaScript the
 * page adds it after its first paint, so that even a fast local load, the one Lighthouse's
 * simulation is built from, fetches nothing before that paint. Astro's island runtime moves with
 * it (`islandRuntimeMarks`). Only the inline <style>, the link's place and the runtime's change: the
 * rest of the page is kept byte for byte (Beasties' own serialisation of the whole document is
 * not used), so a script's CSP hash, a placeholder or a form's stamp is as the page was rendered. A page without the site's
 * stylesheet (the team console) comes back as it was.
 */
export class FirstPaint {
  readonly #read: StylesheetReader;
  readonly #load: BeastiesModule;
  #beasties: Promise<Beasties> | undefined;
  /** The CSS kept for each page shape seen, newest last, at most `keptShapes` of them. */
  readonly #byShape = new Map<string, Promise<string | undefined>>();

  constructor(read: StylesheetReader, load: BeastiesModule = () => import('beasties')) {
    this.#read = read;
    this.#load = load;
  }

  async inline(html: string): Promise<string> {
    const link = siteStylesheet.exec(html);
    if (!link || !html.includes('</body>')) return html;
    // Beasties reads only the link and the elements; what it writes is used for its <style> alone.
    // Pages of one shape (the same elements, told apart only by their text and the data in a few
    // attributes) keep the same CSS, so a form's outcome or its problems pay Beasties' work once.
    const shape = shapeOf(html);
    let kept = this.#byShape.get(shape);
    if (kept) this.#byShape.delete(shape);
    else kept = this.#keptCss(html);
    this.#byShape.set(shape, kept);
    if (this.#byShape.size > keptShapes) this.#byShape.delete(this.#byShape.keys().next().value!);
    const css = await kept.catch((error: unknown) => {
      this.#byShape.delete(shape);
      throw error;
    });
    if (css === undefined) throw new Error(`Beasties kept no CSS from ${link[1]}`);
    // Into the layout's empty <noscript> for it, before the script that reads it after the first
    // paint. A page whose layout leaves none has no such script either: its link goes last in
    // <body> as it is, so that a browser with JavaScript still loads it.
    const slot = html.lastIndexOf(stylesheetSlot);
    const bodyEnd = html.lastIndexOf('</body>');
    if (slot < link.index) {
      return `${html.slice(0, link.index)}<style>${css}</style>${html.slice(link.index + link[0].length, bodyEnd)}${link[0]}${html.slice(bodyEnd)}`;
    }
    // Astro's island runtime follows it there too: see `islandRuntimeMarks`.
    const { rest, runtime } = withoutIslandRuntime(html.slice(link.index + link[0].length, slot));
    return (
      html.slice(0, link.index) +
      `<style>${css}</style>` +
      rest +
      `<noscript ${afterPaintMarker}="">${link[0]}</noscript>` +
      runtime +
      html.slice(slot + stylesheetSlot.length)
    );
  }

  /** The CSS Beasties keeps for a page: the rules whose selectors match one of its elements. */
  async #keptCss(html: string): Promise<string | undefined> {
    // Beasties parses without decoding entities, so a class written `[&amp;_code]:px-1` (Tailwind's
    // arbitrary variants) would not match `.\[\&_code\]\:px-1`: it is given them decoded. Only
    // `&amp;` and the apostrophe are: they change no element, where a decoded `&lt;` could.
    const input = html.replace(/&amp;|&#x27;|&#39;/g, decoded);
    this.#beasties ??= beastiesReading(this.#read, this.#load);
    const processed = await (await this.#beasties).process(input);
    // The page's own <style> elements come back as they were; the one that is new is Beasties'.
    return [...processed.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
      .map((style) => style[1] ?? '')
      .find((text) => text.length > 0 && !input.includes(text));
  }
}
