import type { ReactNode } from 'react';

/** The CSRF token every console form posts back (D41). */
export const CsrfField = ({ csrf }: { csrf: string | undefined }) => (
  <input type="hidden" name="_csrf" value={csrf ?? ''} />
);

/** One formatter per zone, kept: making an Intl.DateTimeFormat costs more than the rest of a row. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A time in the member's zone. */
export function formatTime(iso: string, zone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(zone, formatter);
  }
  return formatter.format(date);
}

export const Notice = ({ children }: { children: ReactNode }) => (
  <p role="status" className="mb-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900">
    {children}
  </p>
);

/** A problem with what was sent, read out as soon as the page shows it. */
export const Problem = ({ children, id }: { children: ReactNode; id?: string }) => (
  <p role="alert" id={id} className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">
    {children}
  </p>
);

export const PageTitle = ({ children }: { children: ReactNode }) => (
  <h1 className="mb-4 text-2xl font-bold text-ink-900">{children}</h1>
);
