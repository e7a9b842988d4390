import type { Language, Wording } from './language.ts';
import { formatCents, isEmail, roundMoney } from './rules.ts';

/**
 * The savings calculator of spec "Business constants": what the visitor's customers would cost on Growmail,
 * and how much of their current annual cost they would save. Pure, with no zod, so the
 * browser carries only these few lines.
 */

/** Monthly rate per service (spec "Business constants"), summed over the services the visitor pays for today. */
export const serviceRates = { campaign: 5, automation: 5, transactional: 10, push: 3.5 } as const;
export type CalculatorService = keyof typeof serviceRates;
export type CalculatorServices = Record<CalculatorService, boolean>;

/** The checkboxes in the order the calculator shows them (spec "Screens and routes"). */
export const calculatorServices: ReadonlyArray<{ value: CalculatorService; label: string }> = [
  { value: 'campaign', label: 'Campaign Mailing' },
  { value: 'automation', label: 'Marketing Automations' },
  { value: 'transactional', label: 'Transactional Emails' },
  { value: 'push', label: 'Mobile Push Messaging' },
];

/** The rates are per 1,500 customers (spec "Business constants"). */
export const customersPerRateUnit = 1500;
/** Savings above this show the savings message; at or below, the 'already cost efficient' one. */
export const savingsMessageThreshold = 100;

/** Upper bounds that keep every figure exact to the cent and within what the sales service accepts. */
export const calculatorLimits = { customers: 1_000_000_000, annualCost: 1_000_000_000_000 } as const;

export const calculatorMessages = {
  missing: 'Please fill all fields.',
  customers: 'Number of customers must be a whole number from 1 to 1,000,000,000.',
  annualCost: 'Current annual cost must be an amount from 0.01 to 1,000,000,000,000 US dollars.',
  email: 'Invalid email address.',
  ambiguous:
    'A number like 1.500 can be read two ways: one and a half, or fifteen hundred. Please write it again with a space between thousands, or none: 1 500 or 1500.',
} as const;

function assertAmount(name: string, value: number, max: number) {
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a number from 0 to ${max}, got ${value}`);
  }
}

/** Growmail's annual cost for these customers: (sum of selected rates) × 12 × customers ÷ 1500. */
export function growmailAnnualCost(customers: number, services: CalculatorServices): number {
  assertAmount('customers', customers, calculatorLimits.customers);
  const monthlyRate = (Object.keys(serviceRates) as CalculatorService[])
    .filter((service) => services[service])
    .reduce((sum, service) => sum + serviceRates[service], 0);
  return (monthlyRate * 12 * customers) / customersPerRateUnit;
}

/** Savings = current annual cost − Growmail's, to two decimals, never below 0 (spec "Business constants"). */
export function estimateSavings(input: {
  customers: number;
  annualCost: number;
  services: CalculatorServices;
}): number {
  assertAmount('annualCost', input.annualCost, calculatorLimits.annualCost);
  const savings = roundMoney(input.annualCost - growmailAnnualCost(input.customers, input.services));
  return savings > 0 ? savings : 0;
}

/** The result's three figures, in US dollars to the cent: what the visitor pays a year now, Growmail's yearly cost for the same customers and services, and the saving (`estimateSavings`). */
export type SavingsFigures = { currentCost: number; growmailCost: number; savings: number };

/** The figures the result shows, in words and in its picture: the saving is `estimateSavings`'s, so both say the same. */
export function savingsFigures(input: {
  customers: number;
  annualCost: number;
  services: CalculatorServices;
}): SavingsFigures {
  return {
    currentCost: roundMoney(input.annualCost),
    growmailCost: roundMoney(growmailAnnualCost(input.customers, input.services)),
    savings: estimateSavings(input),
  };
}

/**
 * The figures a stored savings lead records (`savingsLeadFor`'s metadata), for the outcome page of a
 * native post: null unless they are what the rules give for its customers, cost and services. A
 * lead posted from elsewhere (D14) may hold any saving; its sentence is shown without a picture.
 */
export function recordedSavingsFigures(recorded: {
  contact_count: number;
  current_cost: number;
  savings: number;
  services: CalculatorServices;
}): SavingsFigures | null {
  const { contact_count: customers, current_cost: annualCost, services } = recorded;
  if (!Number.isSafeInteger(customers) || customers < 1 || customers > calculatorLimits.customers) return null;
  if (!(annualCost >= 0.01 && annualCost <= calculatorLimits.annualCost)) return null;
  const figures = savingsFigures({ customers, annualCost, services });
  return figures.currentCost === annualCost && figures.savings === recorded.savings ? figures : null;
}

/**
 * An amount of the calculator's, which counts in US dollars whatever the prices' currency (spec
 * "Business constants", D38): '$1,234.50', or the number as `Intl` writes it for the page's
 * language with the currency in words ('1 234,50 dollars US' in French, where `Intl` would
 * write '$US'). Not the pricing rules' `formatMoney`, which would bring them into the forms' script.
 */
export const formatDollars = (amount: number, language: Language = 'en'): string =>
  language === 'en'
    ? formatCents(amount, '$')
    : `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(roundMoney(amount))}\u00a0dollars US`;

/** Whether the result says "you can save up to …" rather than "already cost efficient". */
export const showsSavings = (savings: number): boolean => savings > savingsMessageThreshold;

/** The result in one sentence, as the outcome of the calculator's form posted without script (D30). */
export const savingsOutcome = (savings: number): string =>
  showsSavings(savings)
    ? `You can save up to ${formatDollars(savings)} every year by moving your messaging to Growmail.`
    : 'Your current setup is already cost efficient. A demo can still show you what one platform for every message would add.';

export type CalculatorForm = { customers: string; annualCost: string; email: string; services: CalculatorServices };
export type CalculatorField = 'customers' | 'annualCost' | 'email';
export type CalculatorInput = { customers: number; annualCost: number; email: string; services: CalculatorServices };
export type CalculatorReading =
  { ok: true; value: CalculatorInput } | { ok: false; message: string; fields: CalculatorField[] };

/** What a typed number reads as: a number, blank (undefined), not a number (NaN), or one of two numbers. */
export type NumberReading = number | undefined | 'ambiguous';

/**
 * A number as typed on a page in `language`, read the same way in the browser and on the server.
 * In English the comma groups digits and the point marks decimals: '12,000', ' $12,000.50 '. In
 * French the comma marks decimals and spaces (also U+00A0, U+202F) group digits: '1 500,50'.
 * An entry that could mean two numbers is read neither way: anywhere, a point followed by exactly
 * three digits ('1.500'); in French, a comma followed by exactly three digits ('1,500'). After a
 * lone 0 ('0.001') the sign can only mark decimals.
 */
export function readNumber(text: string, language: Language = 'en'): NumberReading {
  const cleaned = text.replace(/\s/g, '').replace(/^\$|\$$/g, '');
  if (cleaned === '') return undefined;
  if (/(?<!^[-+]?0)\.\d{3}(?!\d)/.test(cleaned) || (language === 'fr' && /(?<!^[-+]?0),\d{3}(?!\d)/.test(cleaned)))
    return 'ambiguous';
  const plain = language === 'fr' ? cleaned.replace(',', '.') : groupedDigits(cleaned);
  return plain !== undefined && /^[-+]?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

/** An English number without its grouping commas, each of which must stand before three digits; else undefined. */
const groupedDigits = (text: string): string | undefined =>
  /,(?!\d{3}(?!\d))/.test(text) ? undefined : text.replaceAll(',', '');

/**
 * Reads the form as typed, its numbers as written in the page's `language` (`readNumber`). Empty
 * or zero fields give 'Please fill all fields.' (spec "Validation rules") and nothing is
 * calculated; a number that could be read two ways asks to be written again; other bad values
 * give a message naming the field, from the page's catalogue (English unless given another, D37).
 */
export function readCalculatorForm(
  form: CalculatorForm,
  words: Wording<typeof calculatorMessages> = calculatorMessages,
  language: Language = 'en',
): CalculatorReading {
  const customers = readNumber(form.customers, language);
  const annualCost = readNumber(form.annualCost, language);
  const email = form.email.trim();
  const missing: CalculatorField[] = [];
  if (customers === undefined || customers === 0) missing.push('customers');
  if (annualCost === undefined || annualCost === 0) missing.push('annualCost');
  if (email === '') missing.push('email');
  if (missing.length > 0) return { ok: false, message: words.missing, fields: missing };
  if (customers === 'ambiguous' || annualCost === 'ambiguous') {
    const read = { customers, annualCost };
    const fields = (['customers', 'annualCost'] as const).filter((field) => read[field] === 'ambiguous');
    return { ok: false, message: words.ambiguous, fields };
  }

  if (
    customers === undefined ||
    !Number.isSafeInteger(customers) ||
    customers < 1 ||
    customers > calculatorLimits.customers
  ) {
    return { ok: false, message: words.customers, fields: ['customers'] };
  }
  if (
    annualCost === undefined ||
    !Number.isFinite(annualCost) ||
    annualCost < 0.01 ||
    annualCost > calculatorLimits.annualCost
  ) {
    return { ok: false, message: words.annualCost, fields: ['annualCost'] };
  }
  if (!isEmail(email)) {
    return { ok: false, message: words.email, fields: ['email'] };
  }
  return { ok: true, value: { customers, annualCost: roundMoney(annualCost), email, services: form.services } };
}

/** The savings lead of spec "Entities" (D15), posted when a result is shown. */
export function savingsLeadFor(input: CalculatorInput, savings: number) {
  return {
    type: 'savings' as const,
    metadata: {
      email: input.email,
      type: 'savings' as const,
      contact_count: input.customers,
      current_cost: input.annualCost,
      savings,
      services: { ...input.services },
    },
  };
}
