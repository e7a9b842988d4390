import type { ReactNode } from 'react';
import { registerUrl } from '@/lib/register-url';

type Props = {
  /** The app's register page, passed from a server component (lib/runtime.ts). */
  registerBase: string;
  /** Where the button sits, sent as `location` so the app can tell which one converted. */
  location: string;
  className?: string;
  children: ReactNode;
};

/**
 * Every 'Get started' button: the app's register page with its location. The server cannot
 * know the visitor's stored utm, so the inline head script (components/head-script.tsx) adds it
 * to every link marked `data-get-started`: plain HTML, with no React in the browser for it.
 */
export function GetStartedLink({ registerBase, location, className, children }: Props) {
  return (
    <a href={registerUrl(registerBase, null, location)} data-get-started={location} className={className}>
      {children}
    </a>
  );
}
