import { enquiryFields } from '@growmail/contracts/form-fields';
import type { PostedForm } from '@growmail/contracts/form-posts';
import { demoRequestSchema, enquirySchema } from '@growmail/contracts/forms';
import { startupLeadSchema } from '@growmail/contracts/leads';
import { messages } from '@growmail/contracts/messages';
import type { $ZodType } from 'zod/v4/core';

/**
 * How one form's native post maps onto its JSON guest service (D30): the fields a visitor
 * fills in (kept when the page comes back), the body the service takes, and which field a
 * problem at a path of that body belongs to.
 */
export type PostedFormDefinition = {
  /** The route of the built page that holds the form, sent back with its problems. */
  page: string;
  fields: readonly string[];
  /** The service's body schema: the same check the JSON call gets, run first for every problem at once. */
  schema: $ZodType;
  /** The service's path under this server, and its body built from the fields. */
  service: string;
  body: (fields: Record<string, string>) => Record<string, unknown>;
  /** The form field a problem at this path of the body belongs to. */
  fieldOf: (path: readonly PropertyKey[]) => string | undefined;
  /** What the outcome page says once it is stored. */
  success: string;
};

const onlyFields =
  (fields: readonly string[]) =>
  (values: Record<string, string>): Record<string, string> =>
    Object.fromEntries(fields.map((field) => [field, values[field] ?? '']));

const topLevel = (fields: readonly string[]) => (path: readonly PropertyKey[]) =>
  typeof path[0] === 'string' && fields.includes(path[0]) ? path[0] : undefined;

/** A `{type, metadata}` lead (D15): its problems are at `metadata.<field>`. */
const leadDefinition = (
  type: 'demo' | 'startup',
  fields: readonly string[],
  rest: Pick<PostedFormDefinition, 'page' | 'schema' | 'service' | 'success'>,
): PostedFormDefinition => ({
  ...rest,
  fields,
  body: (values) => ({ type, metadata: { type, ...onlyFields(fields)(values) } }),
  fieldOf: (path) => (path[0] === 'metadata' ? topLevel(fields)(path.slice(1)) : undefined),
});

const leadFields = ['firstname', 'lastname', 'company_name', 'email', 'phone_number'] as const;

export const postedForms: Partial<Record<PostedForm, PostedFormDefinition>> = {
  enquiry: {
    page: '/contact',
    fields: enquiryFields,
    schema: enquirySchema,
    service: '/services/users/guests/enquiry',
    body: onlyFields(enquiryFields),
    fieldOf: topLevel(enquiryFields),
    success: messages.enquiryReceived,
  },
  demo: leadDefinition('demo', [...leadFields, 'subscribers'], {
    page: '/demo',
    schema: demoRequestSchema,
    service: '/services/users/demos',
    success: messages.demoSubmitted,
  }),
  startup: leadDefinition('startup', [...leadFields, 'user_count', 'annual_budget'], {
    page: '/startup',
    schema: startupLeadSchema,
    service: '/services/sales/leads',
    success: messages.startupSubmitted,
  }),
};
