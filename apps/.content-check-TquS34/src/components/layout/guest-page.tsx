import type { ReactNode } from 'react';

type Props = {
  title: string;
  lead: ReactNode;
  /** What the left column shows under the title and lead. */
  details?: ReactNode;
  /** The form card's heading, and the form: an island the route shell places. */
  formTitle: string;
  form?: ReactNode;
  /** More cells of the grid, after the form. */
  children?: ReactNode;
};

/** The demo and startup pages: the pitch on the left, the form in a card on the right (one column on small screens). */
export function GuestPage({ title, lead, details, formTitle, form, children }: Props) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 lg:grid-cols-2 lg:px-8 lg:py-20">
        <div className="flex flex-col gap-8">
          <div>
            <h1 className="text-4xl font-bold tracking-tight text-ink-900 lg:text-5xl">{title}</h1>
            <p className="mt-4 max-w-xl text-lg text-ink-700">{lead}</p>
          </div>
          {details}
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm md:p-8 lg:self-start">
          <h2 className="mb-4 text-xl font-semibold text-ink-900">{formTitle}</h2>
          {form}
        </div>
        {children}
      </div>
    </div>
  );
}
