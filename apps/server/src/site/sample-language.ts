import { parse } from 'node-html-parser';
import { pageVariant, type PageFile } from './page-variant.ts';

/**
 * The docs' code samples in the language a query asks for, without JavaScript (D30): a
 * reference page is built showing curl, with a link per language to `?lang=<id>`; for such a
 * query the page is sent showing that language's sample instead, its link marked current.
 * Only the `hidden` and `aria-current` attributes change, and inline scripts stay as they were,
 * so the CSP hashes hold. A language the page has no sample for leaves the page as built. Each
 * page and language is made once and kept, with its own ETag and compressed bodies.
 */
export class SampleLanguageViews {
  readonly #made = new Map<string, PageFile>();

  forQuery<File extends PageFile>(file: File, search: string): File {
    if (search.length < 2 || !file.path.endsWith('.html')) return file;
    const lang = new URLSearchParams(search).get('lang');
    if (!lang || !/^[a-z]{1,20}$/.test(lang)) return file;
    const key = `${file.path}\n${file.etag}\n${lang}`;
    const known = this.#made.get(key);
    if (known) return known as File;
    const html = file.body.toString('utf8');
    if (!html.includes(`data-lang-panel="${lang}"`)) return file;
    const root = parse(html, { comment: true });
    for (const panel of root.querySelectorAll('[data-lang-panel]')) {
      if (panel.getAttribute('data-lang-panel') === lang) panel.removeAttribute('hidden');
      else panel.setAttribute('hidden', '');
    }
    for (const link of root.querySelectorAll('a[data-lang]')) {
      if (link.getAttribute('data-lang') === lang) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    const made = pageVariant(file, root.toString());
    this.#made.set(key, made);
    return made;
  }
}
