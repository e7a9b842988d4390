import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/**
 * The page's query string as state. At build it is `rendered` ('' for the pages themselves, a
 * choice for their copies per pricing choice). In the browser, hydration already reads the real
 * query: the server answers a query with the page's copy for that choice (D30), so the HTML
 * shows what it asks for. Writing replaces the history entry and keeps the hash.
 */
export function useLocationSearch(rendered = ''): [string, (search: string) => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => (typeof window === 'undefined' ? rendered : window.location.search),
  );
  const setSearch = useCallback((next: string) => {
    window.history.replaceState(null, '', `${window.location.pathname}${next}${window.location.hash}`);
    for (const listener of listeners) listener();
  }, []);
  return [search, setSearch];
}
