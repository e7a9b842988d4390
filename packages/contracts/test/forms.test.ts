import { describe, expect, it } from 'vitest';
import type { enquiryFields } from '../src/index.ts';
import { enquiryFieldError, enquirySchema, messages, unsubscribePath } from '../src/index.ts';

const cases: [string, string][] = [
  ['fullname', ''],
  ['fullname', '   '],
  ['fullname', ' Ada '],
  ['email', ''],
  ['email', 'ada'],
  ['email', 'ada@'],
  ['email', 'ada@example'],
  ['email', 'ada lovelace@example.com'],
  ['email', ' ada@example.com '],
  ['email', 'a.b+c@sub.example.co.uk'],
  ['subject', ''],
  ['subject', 'x'.repeat(201)],
  ['body', '\n\t'],
  ['body', 'x'.repeat(5000)],
  ['body', 'x'.repeat(5001)],
];

describe('the contact form rules of spec §5', () => {
  it('gives the spec’s messages', () => {
    expect(enquiryFieldError('fullname', ' ')).toBe('Full name is required.');
    expect(enquiryFieldError('subject', '')).toBe('Subject of message is required.');
    expect(enquiryFieldError('body', '')).toBe('Body of message is required.');
    expect(enquiryFieldError('email', '')).toBe('Email address is required.');
    expect(enquiryFieldError('email', 'ada@example')).toBe('Invalid email address.');
    expect(enquiryFieldError('email', 'ada@example.com')).toBeNull();
  });

  it.each(cases)('the browser check and the server schema agree on %s = %j', (field, value) => {
    const valid = { fullname: 'Ada', email: 'ada@example.com', subject: 'Hi', body: 'Hello' };
    const result = enquirySchema.safeParse({ ...valid, [field]: value });
    const serverMessage = result.success ? null : result.error.issues[0]!.message;
    expect(enquiryFieldError(field as (typeof enquiryFields)[number], value)).toBe(serverMessage);
  });
});

describe('the unsubscribe call', () => {
  it('puts the tracking id’s parts in the path, with * in the list’s place for all lists', () => {
    expect(unsubscribePath('bmV3c2xldHRlcg.ref.mk1.sig', 'list')).toBe('bmV3c2xldHRlcg/ref/mk1/sig');
    expect(unsubscribePath('bmV3c2xldHRlcg.ref.mk1.sig', 'all')).toBe('*/ref/mk1/sig');
    expect(messages.preferencesSaved).toBe('Preferences set successfully.');
  });
});
