import type { FormHTMLAttributes, ReactNode } from 'react';

/** The CSRF token every console form posts back (D41). */
export const CsrfField = ({ csrf }: { csrf: string | undefined }) => (
  <input type="hidden" name="_csrf" value={csrf ?? ''} />
);

type PostFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'action'> & {
  action: string;
  csrf: string | undefined;
  children: ReactNode;
};

/** A console form that posts: a plain form, working without script, carrying the page's CSRF token (D41). */
export const PostForm = ({ action, csrf, children, ...form }: PostFormProps) => (
  <form method="post" action={action} {...form}>
    <CsrfField csrf={csrf} />
    {children}
  </form>
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

/** A change's outcome; a redirect to `#notice` brings focus to it (tabIndex -1), so a keyboard or screen reader starts there. */
export const Notice = ({ children }: { children: ReactNode }) => (
  <p
    role="status"
    id="notice"
    tabIndex={-1}
    className="mb-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900"
  >
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

type FieldProps = {
  /** The form's own prefix for ids, so two forms on a page never share one. */
  form: string;
  name: string;
  label: string;
  /** The refused form's problems and typed values, when it was this form that was refused. */
  refused?: { problems: Record<string, string>; values: Record<string, string> } | undefined;
  defaultValue?: string | undefined;
  type?: string;
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
};

/**
 * A console form's text field: its label, its problem between the label and the input when the
 * form was refused (tied to the input by aria-describedby), and what was typed kept.
 */
export function Field({ form, name, label, refused, defaultValue, ...input }: FieldProps) {
  const id = `${form}-${name}`;
  const problem = refused?.problems[name];
  return (
    <div>
      <label htmlFor={id} className="team-label">
        {label}
      </label>
      {problem && (
        <p id={`${id}-problem`} className="mb-1 text-sm text-red-900">
          {problem}
        </p>
      )}
      <input
        id={id}
        name={name}
        className="team-input"
        defaultValue={refused ? refused.values[name] : defaultValue}
        {...input}
        {...(problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {})}
      />
    </div>
  );
}

/** The line above a refused form that says it was refused and why, read out as the page shows it. */
export const FormProblems = ({ refused, what }: { refused: FieldProps['refused']; what: string }) =>
  refused ? (
    <Problem>
      Check the {what}: {Object.values(refused.problems).join(' ')}
    </Problem>
  ) : null;
