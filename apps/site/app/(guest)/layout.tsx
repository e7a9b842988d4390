import type { ReactNode } from 'react';
import { GuestHeader } from '@/components/layout/guest-header';

/** The demo and startup pages: their own slim header, no site navigation (spec "Screens and routes"). */
export default function GuestLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <GuestHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </>
  );
}
