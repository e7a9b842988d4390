'use client';

import { utmStorageKey } from '@growmail/contracts/routes';
import { useSyncExternalStore, type ReactNode } from 'react';
import { registerUrl } from '@/lib/register-url';

type Props = {
  /** The app's register page, passed from a server component (lib/runtime.ts). */
  registerBase: string;
  /** Where the button sits, sent as `location` so the app can tell which one converted. */
  location: string;
  className?: string;
  children: ReactNode;
};

function readUtm(): string | null {
  try {
    return window.localStorage.getItem(utmStorageKey);
  } catch {
    return null;
  }
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};

/** Every 'Get started' button: the app's register page with the stored utm and its location. */
export function GetStartedLink({ registerBase, location, className, children }: Props) {
  const utm = useSyncExternalStore(subscribe, readUtm, () => null);
  return (
    <a href={registerUrl(registerBase, utm, location)} className={className}>
      {children}
    </a>
  );
}
