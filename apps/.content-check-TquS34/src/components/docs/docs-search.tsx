import { Search, X } from 'lucide-react';
import type MiniSearch from 'minisearch';
import { useEffect, useId, useRef, useState } from 'react';
import { docsSearchOptions, searchIndexPath, type SearchDocument } from '@growmail/contracts/developer-docs';

type Result = Pick<SearchDocument, 'url' | 'page' | 'heading' | 'text'>;

/**
 * Full-text search over the docs from a static index: the index and the search library load
 * the first time a reader opens the search, so pages that are only read pay nothing for it.
 */
export function DocsSearch() {
  const dialog = useRef<HTMLDialogElement>(null);
  const index = useRef<Promise<MiniSearch<SearchDocument>> | null>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Result[]>([]);
  const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const inputId = useId();

  const open = () => {
    dialog.current?.showModal();
    if (!index.current) {
      setStatus('loading');
      index.current = loadIndex();
      index.current.then(
        () => setStatus('ready'),
        () => {
          index.current = null;
          setStatus('failed');
        },
      );
    }
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName);
      if ((event.key === 'k' && (event.metaKey || event.ctrlKey)) || (event.key === '/' && !typing)) {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });

  useEffect(() => {
    if (status !== 'ready' || !index.current) return;
    let current = true;
    void index.current.then((search) => {
      if (!current) return;
      const found = query.trim() ? search.search(query, { prefix: true, fuzzy: 0.2 }).slice(0, 8) : [];
      setResults(found.map((hit) => hit as unknown as Result));
    });
    return () => {
      current = false;
    };
  }, [query, status]);

  const message =
    status === 'loading'
      ? 'Loading the search index…'
      : status === 'failed'
        ? 'Search could not load. Check your connection and try again.'
        : query.trim()
          ? `${results.length} ${results.length === 1 ? 'result' : 'results'}`
          : '';

  return (
    <>
      <button
        type="button"
        onClick={open}
        className="inline-flex items-center gap-2 rounded-lg border border-ink-300 px-2.5 py-2 text-sm text-ink-700 hover:border-brand-700 hover:text-brand-800"
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only md:not-sr-only md:min-w-[6.2em]">Search docs</span>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${inputId}-label`}
        className="m-auto mt-16 w-[min(40rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-ink-900/40"
        onClose={() => setQuery('')}
      >
        <form
          method="dialog"
          className="flex items-center gap-2 border-b border-ink-100 p-3"
          role="search"
          onSubmit={(event) => event.preventDefault()}
        >
          <label id={`${inputId}-label`} htmlFor={inputId} className="sr-only">
            Search the developer docs
          </label>
          <Search aria-hidden="true" className="size-5 shrink-0 text-ink-600" />
          <input
            id={inputId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            // A search field would spend the first Escape on clearing itself; here Escape closes.
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                dialog.current?.close();
              }
            }}
            placeholder="Search the docs"
            autoComplete="off"
            className="w-full rounded-md px-2 py-2 text-base text-ink-900 placeholder:text-ink-600"
          />
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            aria-label="Close search"
            className="rounded-md p-2 text-ink-700 hover:text-brand-800"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </form>
        <p role="status" className="px-4 pt-3 text-sm text-ink-700">
          {message}
        </p>
        <ul className="max-h-[60vh] overflow-y-auto p-2">
          {results.map((result) => (
            <li key={result.url}>
              <a
                href={result.url}
                onClick={() => dialog.current?.close()}
                className="block rounded-lg px-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50"
              >
                <span className="block text-sm font-semibold text-ink-900">
                  {result.heading === result.page ? result.page : `${result.page} › ${result.heading}`}
                </span>
                <span className="mt-0.5 line-clamp-2 block text-sm text-ink-700">{result.text}</span>
              </a>
            </li>
          ))}
        </ul>
      </dialog>
    </>
  );
}

async function loadIndex(): Promise<MiniSearch<SearchDocument>> {
  const [{ default: MiniSearchClass }, documents] = await Promise.all([
    import('minisearch'),
    fetch(searchIndexPath).then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.json() as Promise<SearchDocument[]>;
    }),
  ]);
  const search = new MiniSearchClass<SearchDocument>(docsSearchOptions);
  search.addAll(documents);
  return search;
}
