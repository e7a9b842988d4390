import type { ReactNode } from 'react';

/** Pages shown without the site shell, such as the bare calculator (D7). */
export default function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
      {children}
    </main>
  );
}
