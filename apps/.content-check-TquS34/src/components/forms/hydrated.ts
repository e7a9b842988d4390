import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the built HTML and while hydrating, true once React runs in the browser: what needs
 * script to work (a disabled button, a combobox) is rendered only then, so the page works
 * without it (D30).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
