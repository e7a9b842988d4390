import { describe, expect, it } from 'vitest';
import {
  calculatorMessages,
  estimateSavings,
  growmailAnnualCost,
  readCalculatorForm,
  readNumber,
  recordedSavingsFigures,
  savingsFigures,
  savingsLeadFor,
  showsSavings,
  type CalculatorServices,
} from '../src/calculator.ts';
import { calculatorMessagesFr } from '../src/catalogues.ts';
import { savingsLeadSchema } from '../src/leads.ts';

const none: CalculatorServices = { campaign: false, automation: false, transactional: false, push: false };
const all: CalculatorServices = { campaign: true, automation: true, transactional: true, push: true };

describe('Growmail annual cost (spec "Business constants")', () => {
  it('is (sum of selected rates 5, 5, 10, 3.5) × 12 × customers ÷ 1500', () => {
    expect(growmailAnnualCost(1500, { ...none, campaign: true })).toBe(60);
    expect(growmailAnnualCost(1500, { ...none, automation: true })).toBe(60);
    expect(growmailAnnualCost(1500, { ...none, transactional: true })).toBe(120);
    expect(growmailAnnualCost(1500, { ...none, push: true })).toBe(42);
    expect(growmailAnnualCost(1500, all)).toBe(282);
    expect(growmailAnnualCost(30_000, { ...none, campaign: true, transactional: true })).toBe(3600);
  });

  it('is zero with no services or no customers', () => {
    expect(growmailAnnualCost(50_000, none)).toBe(0);
    expect(growmailAnnualCost(0, all)).toBe(0);
  });

  it('refuses negative, non-numeric and out-of-range customer counts', () => {
    expect(() => growmailAnnualCost(-1, all)).toThrow(RangeError);
    expect(() => growmailAnnualCost(Number.NaN, all)).toThrow(RangeError);
    expect(() => growmailAnnualCost(Number.POSITIVE_INFINITY, all)).toThrow(RangeError);
    expect(() => growmailAnnualCost(1e10, all)).toThrow(RangeError);
  });
});

describe('savings (spec "Business constants")', () => {
  it('is the annual cost minus Growmail’s, to two decimals', () => {
    // 23.5 × 12 × 10,000 ÷ 1500 = 1,880
    expect(estimateSavings({ customers: 10_000, annualCost: 12_000, services: all })).toBe(10_120);
    // 5 × 12 × 1,000 ÷ 1500 = 40
    expect(estimateSavings({ customers: 1000, annualCost: 500, services: { ...none, campaign: true } })).toBe(460);
    // 3.5 × 12 × 7 ÷ 1500 = 0.196
    expect(estimateSavings({ customers: 7, annualCost: 100, services: { ...none, push: true } })).toBe(99.8);
    // (5 + 10) × 12 × 1,234 ÷ 1500 = 148.08
    expect(
      estimateSavings({
        customers: 1234,
        annualCost: 250.5,
        services: { ...none, campaign: true, transactional: true },
      }),
    ).toBe(102.42);
  });

  it('is floored at 0 when Growmail would cost more', () => {
    expect(estimateSavings({ customers: 100_000, annualCost: 1000, services: all })).toBe(0);
    expect(Object.is(estimateSavings({ customers: 1500, annualCost: 282, services: all }), 0)).toBe(true);
  });

  it('is the whole cost when no services are selected', () => {
    expect(estimateSavings({ customers: 5000, annualCost: 2400, services: none })).toBe(2400);
  });

  it('stays exact at the largest inputs', () => {
    // 23.5 × 12 × 1e9 ÷ 1500 = 188,000,000
    expect(estimateSavings({ customers: 1e9, annualCost: 1e12, services: all })).toBe(999_812_000_000);
  });

  it('refuses a negative, non-numeric or huge annual cost', () => {
    expect(() => estimateSavings({ customers: 1, annualCost: -5, services: all })).toThrow(RangeError);
    expect(() => estimateSavings({ customers: 1, annualCost: Number.NaN, services: all })).toThrow(RangeError);
    expect(() => estimateSavings({ customers: 1, annualCost: 1e13, services: all })).toThrow(RangeError);
  });

  it('shows the savings message only above 100', () => {
    expect(showsSavings(100.01)).toBe(true);
    expect(showsSavings(100)).toBe(false);
    expect(showsSavings(0)).toBe(false);
  });
});

describe('the result’s figures (issue 40’s picture)', () => {
  it('are the cost today, Growmail’s to the cent, and the saving the sentence names', () => {
    // 23.5 × 12 × 10,000 ÷ 1500 = 1,880
    expect(savingsFigures({ customers: 10_000, annualCost: 12_000, services: all })).toEqual({
      currentCost: 12_000,
      growmailCost: 1880,
      savings: 10_120,
    });
    // 3.5 × 12 × 7 ÷ 1500 = 0.196: the two costs shown, 100.00 and 0.20, differ by the saving, 99.80.
    expect(savingsFigures({ customers: 7, annualCost: 100, services: { ...none, push: true } })).toEqual({
      currentCost: 100,
      growmailCost: 0.2,
      savings: 99.8,
    });
  });

  it('keep Growmail’s cost when it is the larger, with a saving of 0', () => {
    // 23.5 × 12 × 1,000,000 ÷ 1500 = 188,000
    expect(savingsFigures({ customers: 1_000_000, annualCost: 50_000, services: all })).toEqual({
      currentCost: 50_000,
      growmailCost: 188_000,
      savings: 0,
    });
  });

  const recorded = (input: { customers: number; annualCost: number; services: CalculatorServices }) =>
    savingsLeadFor({ ...input, email: 'ada@example.com' }, estimateSavings(input)).metadata;

  it('are read back from a lead the calculator stored', () => {
    const input = { customers: 1234, annualCost: 250.5, services: { ...none, campaign: true, transactional: true } };
    expect(recordedSavingsFigures(recorded(input))).toEqual(savingsFigures(input));
  });

  it('are not read from a lead whose saving the rules would not give, or whose figures they refuse', () => {
    const input = { customers: 20_000, annualCost: 12_000, services: { ...none, campaign: true, automation: true } };
    // A lead posted from elsewhere (D14) may say anything: 12,000 − 1,600 is 10,400, not 8,000.
    expect(recordedSavingsFigures({ ...recorded(input), savings: 8000 })).toBeNull();
    expect(recordedSavingsFigures({ ...recorded(input), contact_count: 1e10 })).toBeNull();
    expect(recordedSavingsFigures({ ...recorded(input), contact_count: 20_000.5 })).toBeNull();
    expect(recordedSavingsFigures({ ...recorded(input), current_cost: 1e13 })).toBeNull();
    expect(recordedSavingsFigures({ ...recorded(input), current_cost: 12_000.004 })).toBeNull();
  });
});

describe('reading the calculator form', () => {
  const form = { customers: '10000', annualCost: '12000', email: 'ada@example.com', services: all };

  it('reads English numbers with grouping commas, spaces, a decimal point and a dollar sign', () => {
    expect(readNumber('12,000')).toBe(12000);
    expect(readNumber('1,234,567.5', 'en')).toBe(1_234_567.5);
    expect(readNumber(' $1 234.50 ')).toBe(1234.5);
    expect(readNumber('2500.75', 'en')).toBe(2500.75);
    expect(readNumber('.5')).toBe(0.5);
    expect(readNumber('')).toBeUndefined();
    expect(readNumber('   ')).toBeUndefined();
    expect(readNumber('twelve')).toBeNaN();
    expect(readNumber('1e5')).toBeNaN();
    expect(readNumber('12-3')).toBeNaN();
    // A comma groups three digits in English, so one before any other count is no number.
    expect(readNumber('2500,75', 'en')).toBeNaN();
    expect(readNumber('1,5000', 'en')).toBeNaN();
  });

  it('reads French numbers with a decimal comma and spaces between thousands', () => {
    expect(readNumber('2500,75', 'fr')).toBe(2500.75);
    expect(readNumber('1 500,50', 'fr')).toBe(1500.5);
    expect(readNumber('1\u00a0500,50', 'fr')).toBe(1500.5);
    expect(readNumber('1\u202f500\u202f000', 'fr')).toBe(1_500_000);
    expect(readNumber('12000', 'fr')).toBe(12000);
    expect(readNumber('0,5', 'fr')).toBe(0.5);
    expect(readNumber('12.5', 'fr')).toBe(12.5);
    expect(readNumber('1,5,5', 'fr')).toBeNaN();
    expect(readNumber(' ', 'fr')).toBeUndefined();
  });

  it.each([
    ['1.500', 'en'],
    ['1.500', 'fr'],
    ['1,500.000', 'en'],
    ['12.000,50', 'fr'],
    ['1,500', 'fr'],
    ['1 500,500', 'fr'],
  ] as const)('reads %s in %s as neither of the two numbers it could mean', (text, language) => {
    expect(readNumber(text, language)).toBe('ambiguous');
  });

  it('reads 1,500 as fifteen hundred in English and 1,5 as one and a half in French', () => {
    expect(readNumber('1,500', 'en')).toBe(1500);
    expect(readNumber('1,5', 'fr')).toBe(1.5);
    expect(readNumber('1.5', 'en')).toBe(1.5);
    expect(readNumber('0.001', 'en')).toBe(0.001);
    expect(readNumber('0,500', 'fr')).toBe(0.5);
  });

  it('computes a French visitor’s decimal comma as the amount typed, not a hundred times it', () => {
    expect(readCalculatorForm({ ...form, annualCost: '1 500,50' }, calculatorMessages, 'fr')).toEqual({
      ok: true,
      value: { customers: 10_000, annualCost: 1500.5, email: 'ada@example.com', services: all },
    });
    expect(
      readCalculatorForm({ ...form, customers: '10 000', annualCost: '2500,75' }, calculatorMessagesFr, 'fr'),
    ).toMatchObject({ ok: true, value: { customers: 10_000, annualCost: 2500.75 } });
  });

  it('asks for an entry that could mean two numbers to be written again, naming each such field', () => {
    expect(readCalculatorForm({ ...form, customers: '1.500', annualCost: '2.000' })).toEqual({
      ok: false,
      message: calculatorMessages.ambiguous,
      fields: ['customers', 'annualCost'],
    });
    expect(readCalculatorForm({ ...form, annualCost: '1,500' }, calculatorMessagesFr, 'fr')).toEqual({
      ok: false,
      message: calculatorMessagesFr.ambiguous,
      fields: ['annualCost'],
    });
    // Left blank, a field is missing first: nothing else is said until every field is filled.
    expect(readCalculatorForm({ ...form, customers: '1.500', email: '' })).toMatchObject({ fields: ['email'] });
  });

  it('accepts a filled form', () => {
    expect(readCalculatorForm({ ...form, customers: '10,000', email: ' ada@example.com ' })).toEqual({
      ok: true,
      value: { customers: 10_000, annualCost: 12_000, email: 'ada@example.com', services: all },
    });
  });

  it.each([
    ['customers', { customers: '' }],
    ['customers', { customers: '0' }],
    ['annualCost', { annualCost: '  ' }],
    ['annualCost', { annualCost: '0.00' }],
    ['email', { email: '' }],
  ])("says 'Please fill all fields.' when %s is empty or zero", (field, change) => {
    expect(readCalculatorForm({ ...form, ...change })).toEqual({
      ok: false,
      message: 'Please fill all fields.',
      fields: [field],
    });
  });

  it('marks every missing field at once', () => {
    expect(readCalculatorForm({ customers: '', annualCost: '0', email: '', services: none })).toEqual({
      ok: false,
      message: calculatorMessages.missing,
      fields: ['customers', 'annualCost', 'email'],
    });
  });

  it.each([
    ['-5', 'customers'],
    ['many', 'customers'],
    ['12.5', 'customers'],
    ['1000000001', 'customers'],
  ])('refuses %s customers with a message naming the field', (customers, field) => {
    const reading = readCalculatorForm({ ...form, customers });
    expect(reading).toEqual({ ok: false, message: calculatorMessages.customers, fields: [field] });
  });

  it.each(['-100', 'lots', '0.001', '1000000000000.01'])('refuses an annual cost of %s', (annualCost) => {
    expect(readCalculatorForm({ ...form, annualCost })).toEqual({
      ok: false,
      message: calculatorMessages.annualCost,
      fields: ['annualCost'],
    });
  });

  it('refuses an email address without the basic shape', () => {
    expect(readCalculatorForm({ ...form, email: 'ada.example.com' })).toEqual({
      ok: false,
      message: 'Invalid email address.',
      fields: ['email'],
    });
  });
});

describe('the savings lead (spec "Entities", D15)', () => {
  it('carries the inputs and the savings in the shape the sales service accepts', () => {
    const input = { customers: 10_000, annualCost: 12_000, email: 'ada@example.com', services: all };
    const lead = savingsLeadFor(input, 10_120);
    expect(lead).toEqual({
      type: 'savings',
      metadata: {
        email: 'ada@example.com',
        type: 'savings',
        contact_count: 10_000,
        current_cost: 12_000,
        savings: 10_120,
        services: { campaign: true, automation: true, transactional: true, push: true },
      },
    });
    expect(savingsLeadSchema.safeParse(lead).success).toBe(true);
  });

  it('is accepted at the largest inputs and at zero savings', () => {
    const input = { customers: 1e9, annualCost: 1e12, email: 'a@b.co', services: none };
    expect(savingsLeadSchema.safeParse(savingsLeadFor(input, 0)).success).toBe(true);
    expect(savingsLeadSchema.safeParse(savingsLeadFor(input, 1e12)).success).toBe(true);
  });
});
