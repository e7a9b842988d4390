import {
  calculatorServices,
  estimateSavings,
  readCalculatorForm,
  savingsLeadFor,
  savingsOutcome,
} from '@growmail/contracts/calculator';
import { enquiryFields } from '@growmail/contracts/form-fields';
import type { PostedForm } from '@growmail/contracts/form-posts';
import { demoRequestSchema, enquirySchema } from '@growmail/contracts/forms';
import { startupLeadSchema } from '@growmail/contracts/leads';
import { messages } from '@growmail/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { safeParse } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';

type FieldPath = readonly PropertyKey[];

/** A post read into the service's body, or every problem found, each on its field. */
export type Reading = { ok: true; body: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * How one form's native post maps onto its JSON guest service (D30): the fields a visitor
 * fills in (kept when the page comes back), how they become the body the service takes (the
 * same check the browser makes, run first for every problem at once), and which field a
 * problem the service names belongs to.
 */
export type PostedFormDefinition = {
  /** The routes of the built pages that hold the form; each posts to itself and gets itself back. */
  pages: readonly string[];
  fields: readonly string[];
  read: (fields: Record<string, string>) => Reading;
  /** The service's path under this server. */
  service: string;
  /** The form field a problem at this path of the body belongs to. */
  fieldOf: (path: FieldPath) => string | undefined;
  /** What the outcome page says once it is stored, given the submission's reference. */
  success: (app: FastifyInstance, reference: string) => string | Promise<string>;
};

const onlyFields = (fields: readonly string[], values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(fields.map((field) => [field, values[field] ?? '']));

const topLevel = (fields: readonly string[]) => (path: FieldPath) =>
  typeof path[0] === 'string' && fields.includes(path[0]) ? path[0] : undefined;

/** A reading by the service's own zod schema: the first problem on each field. */
const bySchema =
  (
    schema: $ZodType,
    body: (values: Record<string, string>) => Record<string, unknown>,
    fieldOf: (path: FieldPath) => string | undefined,
  ) =>
  (values: Record<string, string>): Reading => {
    const checked = safeParse(schema, body(values));
    if (checked.success) return { ok: true, body: body(values) };
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      const field = fieldOf(issue.path);
      if (field) errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  };

/** A `{type, metadata}` lead (D15): its problems are at `metadata.<field>`. */
function leadDefinition(
  type: 'demo' | 'startup',
  fields: readonly string[],
  rest: Pick<PostedFormDefinition, 'pages' | 'service'> & { schema: $ZodType; success: string },
): PostedFormDefinition {
  const fieldOf = (path: FieldPath) => (path[0] === 'metadata' ? topLevel(fields)(path.slice(1)) : undefined);
  const body = (values: Record<string, string>) => ({ type, metadata: { type, ...onlyFields(fields, values) } });
  return {
    pages: rest.pages,
    service: rest.service,
    fields,
    read: bySchema(rest.schema, body, fieldOf),
    fieldOf,
    success: () => rest.success,
  };
}

const leadFields = ['firstname', 'lastname', 'company_name', 'email', 'phone_number'] as const;
const calculatorFields = ['customers', 'annualCost', 'email'] as const;

/** The savings a stored (or held) savings lead recorded, for its outcome page. */
async function savingsOf(app: FastifyInstance, reference: string): Promise<number | null> {
  const lead = await app.leads.find(reference);
  const held = lead ? undefined : await app.quarantine.find(reference);
  const recorded = lead ? (JSON.parse(lead.metadata) as { savings?: unknown }) : held?.fields;
  const savings = (recorded as { savings?: unknown } | undefined)?.savings;
  return typeof savings === 'number' ? savings : null;
}

export const postedForms: Record<PostedForm, PostedFormDefinition> = {
  enquiry: {
    pages: ['/contact'],
    fields: enquiryFields,
    read: bySchema(enquirySchema, (values) => onlyFields(enquiryFields, values), topLevel(enquiryFields)),
    service: '/services/users/guests/enquiry',
    fieldOf: topLevel(enquiryFields),
    success: () => messages.enquiryReceived,
  },
  demo: leadDefinition('demo', [...leadFields, 'subscribers'], {
    pages: ['/demo'],
    schema: demoRequestSchema,
    service: '/services/users/demos',
    success: messages.demoSubmitted,
  }),
  startup: leadDefinition('startup', [...leadFields, 'user_count', 'annual_budget'], {
    pages: ['/startup'],
    schema: startupLeadSchema,
    service: '/services/sales/leads',
    success: messages.startupSubmitted,
  }),
  // The calculator's answer is its result; the savings lead (D15) is stored on the way.
  savings: {
    pages: ['/calculator', '/calculator/calculate'],
    fields: [...calculatorFields, ...calculatorServices.map((service) => service.value)],
    read: (values) => {
      const services = Object.fromEntries(
        calculatorServices.map((service) => [service.value, Boolean(values[service.value])]),
      ) as Parameters<typeof savingsLeadFor>[0]['services'];
      const reading = readCalculatorForm({
        customers: values.customers ?? '',
        annualCost: values.annualCost ?? '',
        email: values.email ?? '',
        services,
      });
      if (!reading.ok)
        return { ok: false, errors: Object.fromEntries(reading.fields.map((field) => [field, reading.message])) };
      return { ok: true, body: savingsLeadFor(reading.value, estimateSavings(reading.value)) };
    },
    service: '/services/sales/leads',
    fieldOf: (path) => (path[0] === 'metadata' && path[1] === 'email' ? 'email' : undefined),
    success: async (app, reference) => {
      const savings = await savingsOf(app, reference);
      return savings === null
        ? 'That estimate could not be found. Please use the calculator again.'
        : savingsOutcome(savings);
    },
  },
};
