import { calculatorServices } from './calculator.ts';
import type { LeadKind } from './form-names.ts';
import { demoSubscriberOptions, startupBudgets, startupUserCounts } from './form-options.ts';

/**
 * The English label of each field the lead forms send, as the forms show it, so the console
 * reads a lead with the words the visitor saw (issue 54). The forms' own words (the site's
 * `contact-words.ts`, `lead-words.ts`, `calculator-words.ts`) keep theirs as literals, which their
 * islands carry on every page, and a test holds the two equal (apps/site/test/lib/lead-labels.test.ts).
 */
export const leadFieldLabels = {
  fullname: 'Full name',
  subject: 'Subject',
  body: 'Message',
  firstname: 'First name',
  lastname: 'Last name',
  company_name: 'Company name',
  phone_number: 'Phone number',
  subscribers: 'Number of users',
  user_count: 'Number of users',
  annual_budget: 'Annual email marketing budget',
  contact_count: 'Number of customers',
  current_cost: 'Current annual cost (USD)',
  savings: 'Estimated savings (USD)',
  services: 'Services you pay for today',
} as const;

/** The label of each select's option, by field and stored code ("0:100K" is "Less than 100K"). */
export const leadOptionLabels: Readonly<Record<string, ReadonlyMap<string, string>>> = {
  subscribers: new Map(demoSubscriberOptions.map((option) => [option.value, option.label])),
  user_count: new Map(startupUserCounts.map((option) => [option.value, option.label])),
  annual_budget: new Map(startupBudgets.map((option) => [option.value, option.label])),
};

/** The calculator's services by their stored key. */
export const serviceLabels = new Map<string, string>(
  calculatorServices.map((service) => [service.value, service.label]),
);

/** Each lead form by the name the team calls it, in the order the console lists them. */
export const leadFormNames = [
  ['enquiry', 'Enquiry'],
  ['demo', 'Demo request'],
  ['startup', 'Startup programme'],
  ['savings', 'Savings estimate'],
] as const satisfies ReadonlyArray<readonly [LeadKind, string]>;
