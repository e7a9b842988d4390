import { z } from 'zod';
import { hasControlCharacters } from './form-fields.ts';
import { messages } from './messages.ts';

/**
 * Leads posted to `POST {sales}/leads` (D15): the savings lead of the calculator and the
 * startup application (D16). One discriminated union, so the server validates both with the
 * definitions the browser forms use.
 */

/** The control-character rule of forms.ts, for the schemas written with classic zod. */
export const plainText = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((value) => !hasControlCharacters(value), messages.controlCharacters);

const requiredText = (message: string) => plainText(z.string({ error: message }).trim().min(1, message).max(200));

export const emailSchema = z
  .string({ error: 'Email address is required.' })
  .trim()
  .min(1, 'Email address is required.')
  .max(254, 'Invalid email address.')
  .pipe(plainText(z.email('Invalid email address.')));

export const savingsLeadSchema = z.object({
  type: z.literal('savings'),
  metadata: z.object({
    email: emailSchema,
    type: z.literal('savings'),
    contact_count: z.number({ error: 'contact_count must be a number.' }).positive().max(1e12),
    current_cost: z.number({ error: 'current_cost must be a number.' }).positive().max(1e15),
    savings: z.number({ error: 'savings must be a number.' }).nonnegative().max(1e15),
    services: z.object({
      campaign: z.boolean(),
      automation: z.boolean(),
      transactional: z.boolean(),
      push: z.boolean(),
    }),
  }),
});

export const startupUserCounts = [
  { value: '10:50K', label: '10K - 50K' },
  { value: '50K:100K', label: '50K - 100K' },
] as const;

export const startupBudgets = [
  { value: '1K:5K', label: '$1,000 - $5,000' },
  { value: '5K:10K', label: '$5,000 - $10,000' },
] as const;

const optionValue = <T extends readonly { value: string }[]>(options: T, message: string) =>
  z.enum(options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]], { error: message });

export const startupLeadSchema = z.object({
  type: z.literal('startup'),
  metadata: z.object({
    type: z.literal('startup'),
    firstname: requiredText('First name is required.'),
    lastname: requiredText('Last name is required.'),
    company_name: requiredText('Company name is required.'),
    email: emailSchema,
    phone_number: requiredText('Phone number is required.'),
    user_count: optionValue(startupUserCounts, 'Number of users is required.'),
    annual_budget: optionValue(startupBudgets, 'Annual email marketing budget is required.'),
  }),
});

export const leadSchema = z.discriminatedUnion('type', [savingsLeadSchema, startupLeadSchema], {
  error: "type must be 'savings' or 'startup'.",
});

export type SavingsLead = z.infer<typeof savingsLeadSchema>;
export type StartupLead = z.infer<typeof startupLeadSchema>;
export type Lead = z.infer<typeof leadSchema>;

export const leadAcceptedSchema = z.object({ id: z.string(), message: z.string() });
export type LeadAccepted = z.infer<typeof leadAcceptedSchema>;
