import * as z from 'zod/mini';
import { phoneNumber } from './forms.ts';
import { startupBudgets, startupUserCounts } from './form-options.ts';
import { messages } from './messages.ts';
import { boundedNumber, email, optionalLanguage, optionValue, requiredText } from './primitives.ts';

/**
 * Leads posted to `POST {sales}/leads` (D15): the savings lead of the calculator and the
 * startup application (D16). One discriminated union, so the server validates both with the
 * definitions the browser forms use.
 */

export const savingsLeadSchema = z.object({
  type: z.literal('savings'),
  metadata: z.object({
    email: email(),
    type: z.literal('savings'),
    contact_count: boundedNumber(0, 1e12, 'contact_count must be a number.', { exclusiveMin: true }),
    current_cost: boundedNumber(0, 1e15, 'current_cost must be a number.', { exclusiveMin: true }),
    savings: boundedNumber(0, 1e15, 'savings must be a number.'),
    services: z.object({
      campaign: z.boolean(),
      automation: z.boolean(),
      transactional: z.boolean(),
      push: z.boolean(),
    }),
  }),
  language: optionalLanguage(),
});

export const startupLeadSchema = z.object({
  type: z.literal('startup'),
  metadata: z.object({
    type: z.literal('startup'),
    firstname: requiredText(messages.required.firstname),
    lastname: requiredText(messages.required.lastname),
    company_name: requiredText(messages.required.company_name),
    email: email(),
    phone_number: phoneNumber(),
    user_count: optionValue(startupUserCounts, messages.required.user_count),
    annual_budget: optionValue(startupBudgets, messages.required.annual_budget),
  }),
  language: optionalLanguage(),
});

export const leadSchema = z.discriminatedUnion('type', [savingsLeadSchema, startupLeadSchema], {
  error: "type must be 'savings' or 'startup'.",
});

export type Lead = z.infer<typeof leadSchema>;
