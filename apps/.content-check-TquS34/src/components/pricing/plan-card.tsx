import type { ReactNode } from 'react';

export type CardHeading = 'h2' | 'h3';

/** The frame every plan card shares: name, pitch, price, details, and its action at the bottom. */
export function PlanCard({
  id,
  name,
  pitch,
  heading: Heading,
  highlighted = false,
  children,
  action,
}: {
  id: string;
  name: string;
  pitch: string;
  heading: CardHeading;
  highlighted?: boolean;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <div
      data-plan={id}
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${highlighted ? 'border-brand-700 ring-1 ring-brand-700' : 'border-ink-100'}`}
    >
      <Heading className="text-xl font-bold text-ink-900">{name}</Heading>
      <p className="mt-1 min-h-12 text-sm text-ink-700">{pitch}</p>
      <div className="mt-4 flex flex-1 flex-col">{children}</div>
      <div className="mt-6">{action}</div>
    </div>
  );
}
