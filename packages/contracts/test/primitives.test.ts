import { describe, expect, it } from 'vitest';
import { readCalculatorForm } from '../src/calculator.ts';
import { contactSchema } from '../src/developer-api.ts';
import { enquiryFieldError } from '../src/form-fields.ts';
import { demoRequestSchema } from '../src/forms.ts';
import { leadSchema } from '../src/leads.ts';
import { messages } from '../src/messages.ts';
import { boundedNumber, email, optionalText, requiredText } from '../src/primitives.ts';
import { isEmail, normaliseEmail, roundMoney } from '../src/rules.ts';

/** One table of addresses, and whether every form and service takes each. */
const addresses: [string, boolean][] = [
  ['ada@example.com', true],
  ['x@y.z', true],
  ['a.b+c@sub.example.co.uk', true],
  ['  ada@example.com  ', true],
  ['ADA@EXAMPLE.COM', true],
  ['ada@localhost', false],
  ['ada', false],
  ['ada@', false],
  ['@example.com', false],
  ['ada lovelace@example.com', false],
  ['ada@@example.com', false],
  ['ada@exa mple.com', false],
  ['', false],
  [`${'a'.repeat(64)}@${'b'.repeat(185)}.com`, true], // 254 characters
  [`${'a'.repeat(64)}@${'b'.repeat(186)}.com`, false], // 255
  ['ada\u0000@example.com', false],
];

const demo = (address: string) => ({
  type: 'demo',
  metadata: {
    type: 'demo',
    firstname: 'Ada',
    lastname: 'Obi',
    company_name: 'Kola',
    email: address,
    phone_number: '0803',
    subscribers: '0:100K',
  },
});
const startup = (address: string) => ({
  type: 'startup',
  metadata: {
    type: 'startup',
    firstname: 'Ada',
    lastname: 'Obi',
    company_name: 'Kola',
    email: address,
    phone_number: '0803',
    user_count: '10:50K',
    annual_budget: '1K:5K',
  },
});
const savings = (address: string) => ({
  type: 'savings',
  metadata: {
    type: 'savings',
    email: address,
    contact_count: 1500,
    current_cost: 1000,
    savings: 10,
    services: { campaign: true, automation: false, transactional: false, push: false },
  },
});
const calculator = (address: string) =>
  readCalculatorForm({
    customers: '1500',
    annualCost: '1000',
    email: address,
    services: { campaign: true, automation: false, transactional: false, push: false },
  });

describe('the one email rule', () => {
  it.each(addresses)('%j is accepted: %s, by every form and service alike', (address, accepted) => {
    expect(isEmail(address.trim())).toBe(accepted);
    expect(email().safeParse(address).success).toBe(accepted);
    expect(enquiryFieldError('email', address) === null).toBe(accepted);
    expect(demoRequestSchema.safeParse(demo(address)).success).toBe(accepted);
    expect(leadSchema.safeParse(startup(address)).success).toBe(accepted);
    expect(leadSchema.safeParse(savings(address)).success).toBe(accepted);
    expect(contactSchema.safeParse({ email: address }).success).toBe(accepted);
    expect(calculator(address).ok).toBe(accepted);
  });

  it('keeps the address trimmed, and says which rule failed', () => {
    expect(email().parse('  ada@example.com ')).toBe('ada@example.com');
    expect(email().safeParse('').error?.issues[0]?.message).toBe(messages.required.email);
    expect(email().safeParse('ada@').error?.issues[0]?.message).toBe(messages.invalidEmail);
    expect(email().safeParse(42).error?.issues[0]?.message).toBe(messages.required.email);
  });
});

describe('one person, one address', () => {
  it('stores an email trimmed and lower-case, so "Ada@Example.com " and "ada@example.com" are one contact', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(normaliseEmail('ada@example.com')).toBe('ada@example.com');
  });

  it('changes nothing else in the address', () => {
    expect(normaliseEmail('Ada.Lovelace+News@Example.com')).toBe('ada.lovelace+news@example.com');
  });
});

describe('the text rules', () => {
  it('trims required text, and refuses blank, long and control characters', () => {
    const name = requiredText('Name is required.', 5);
    expect(name.parse('  Ada ')).toBe('Ada');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required.');
    expect(name.safeParse('Adaeze').error?.issues[0]?.message).toBe('At most 5 characters.');
    expect(name.safeParse('A\u001bb').error?.issues[0]?.message).toBe(messages.controlCharacters);
    expect(name.parse('A\tb')).toBe('A\tb');
  });

  it('lets optional text be missing, under the same rule', () => {
    expect(optionalText(3).parse(undefined)).toBeUndefined();
    expect(optionalText(3).parse(' ab ')).toBe('ab');
    expect(optionalText(3).safeParse('a\u0085').success).toBe(false);
  });
});

describe('bounded numbers', () => {
  it('take only finite numbers in range', () => {
    const count = boundedNumber(0, 10, 'count must be a number.', { exclusiveMin: true });
    expect(count.safeParse(10).success).toBe(true);
    expect(count.safeParse(0).success).toBe(false);
    expect(count.safeParse(11).success).toBe(false);
    expect(count.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(count.safeParse(Number.NaN).success).toBe(false);
    expect(count.safeParse('5').error?.issues[0]?.message).toBe('count must be a number.');
    expect(boundedNumber(0, 10).safeParse(0).success).toBe(true);
  });
});

describe('money rounding', () => {
  it.each([
    [0.00083 * 1000, 0.83],
    [1.005, 1.01],
    [-1.005, -1.01],
    [2.675, 2.68],
    [-0.001, 0],
    [1e12 + 0.004, 1e12],
  ])('rounds %d to %d cents', (amount, cents) => {
    expect(roundMoney(amount)).toBe(cents);
  });

  it('refuses what is not an amount', () => {
    expect(() => roundMoney(Number.NaN)).toThrow(RangeError);
  });
});
