import type { ReactNode } from 'react';

/** A page's opening: its one h1 and a lead paragraph. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-8 lg:py-24">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-ink-900 lg:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-ink-700">{children}</div>}
      </div>
    </section>
  );
}
