/**
 * The names of the public forms, defined once for the server's submissions, repositories and
 * metrics. A lead is a submission that asks sales to get in touch (D15, D18); the newsletter
 * form asks for a list membership instead.
 */
export const leadKinds = ['demo', 'startup', 'savings', 'enquiry'] as const;
export type LeadKind = (typeof leadKinds)[number];

/** The five public forms, as the submissions metric names them; `unknown` when a body names none. */
export type FormName = LeadKind | 'newsletter' | 'unknown';

export const isLeadKind = (value: unknown): value is LeadKind => leadKinds.includes(value as LeadKind);
