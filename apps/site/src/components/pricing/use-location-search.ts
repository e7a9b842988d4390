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
 * The page's query string as state. The prerendered HTML and hydration see '' (the defaults),
 * then the browser's real query, so a shared link shows its view without a hydration mismatch.
 * Writing replaces the history entry and keeps the hash.
 */
export function useLocationSearch(): [string, (search: string) => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
  const setSearch = useCallback((next: string) => {
    window.history.replaceState(null, '', `${window.location.pathname}${next}${window.location.hash}`);
    for (const listener of listeners) listener();
  }, []);
  return [search, setSearch];
}
