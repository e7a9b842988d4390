import { pricingChoice, pricingQueryKeys } from '@growmail/contracts/pricing';
import { pricingViewPath, pricingViewsDir } from '@growmail/contracts/routes';
import { parse } from 'node-html-parser';
import { pageVariant, type PageFile } from './page-variant.ts';

/** A built page's pricing island: where its content lies, which views can take its place, and the brackets its form offers. */
type PricedPage = { start: number; end: number; placement: string; bracketIds: string[]; defaultPath: string };

const islandTag = /<astro-island\b[^>]*\scomponent-export="PricingPlans"[^>]*>/;
const pricingKeys = Object.values(pricingQueryKeys);

export const isPricingView = (path: string) => path.startsWith(`${pricingViewsDir}/`);

/** The content of the pricing island in a page, which holds no other island. */
function islandContent(html: string): { start: number; end: number } | undefined {
  const tag = islandTag.exec(html);
  if (!tag) return undefined;
  const start = tag.index + tag[0].length;
  const end = html.indexOf('</astro-island>', start);
  return end < 0 ? undefined : { start, end };
}

/**
 * The pricing section for a query without JavaScript (D30). The build renders the section once
 * per placement and choice with the site's own components (apps/site/src/pages/pricing-views);
 * a page whose query asks for another choice gets that view's island content spliced in. The
 * rest of the page is untouched, inline scripts and their CSP hashes included, and the island
 * hydrates on the query's choice, read by the same rule (`pricingChoice`). A page is matched to
 * its placement by its built island being byte for byte that placement's default view, so a
 * view never lands in a page it was not rendered for. Each page and choice is made once and
 * kept, with its own ETag and compressed bodies: at most 64 a page.
 */
export class PricingViews {
  readonly #views = new Map<string, string>();
  readonly #placements = new Set<string>();
  readonly #pages = new Map<PageFile, PricedPage | null>();
  readonly #made = new Map<string, PageFile>();

  add(path: string, html: string): void {
    const place = islandContent(html);
    if (!place) return;
    this.#views.set(path, html.slice(place.start, place.end));
    this.#placements.add(path.slice(pricingViewsDir.length + 1).split('/', 1)[0]!);
  }

  /** The page as a query's pricing choice shows it; the built page itself for the default choice or no pricing query. */
  forQuery<File extends PageFile>(file: File, search: string): File {
    if (search.length < 2 || !file.path.endsWith('.html')) return file;
    const params = new URLSearchParams(search);
    if (!pricingKeys.some((key) => params.has(key))) return file;
    const page = this.#pricedPage(file);
    if (!page) return file;
    const path = pricingViewPath(page.placement, pricingChoice(search, page.bracketIds));
    const view = path === page.defaultPath ? undefined : this.#views.get(path);
    if (view === undefined) return file;
    const key = `${file.path}\n${path}`;
    let made = this.#made.get(key) as File | undefined;
    if (!made) {
      const html = file.body.toString('utf8');
      made = pageVariant(file, html.slice(0, page.start) + view + html.slice(page.end));
      this.#made.set(key, made);
    }
    return made;
  }

  #pricedPage(file: PageFile): PricedPage | null {
    let page = this.#pages.get(file);
    if (page === undefined) {
      page = this.#match(file.body.toString('utf8'));
      this.#pages.set(file, page);
    }
    return page;
  }

  #match(html: string): PricedPage | null {
    const place = islandContent(html);
    if (!place) return null;
    const content = html.slice(place.start, place.end);
    const bracketIds = parse(content)
      .querySelectorAll(`select[name="${pricingQueryKeys.bracket}"] option`)
      .map((option) => option.getAttribute('value') ?? '');
    if (bracketIds.length === 0) return null;
    const standard = pricingChoice('', bracketIds);
    for (const placement of this.#placements) {
      const defaultPath = pricingViewPath(placement, standard);
      if (this.#views.get(defaultPath) === content) return { ...place, placement, bracketIds, defaultPath };
    }
    return null;
  }
}
