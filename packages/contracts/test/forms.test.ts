import { describe, expect, it } from 'vitest';
import type { enquiryFields } from '../src/form-fields.ts';
import { enquiryFieldError, formatFieldError, parseFieldError, unsubscribePath } from '../src/form-fields.ts';
import { demoRequestSchema, enquirySchema } from '../src/forms.ts';
import { leadSchema } from '../src/leads.ts';
import { messages } from '../src/messages.ts';
import { serviceMessages } from '../src/service-messages.ts';
import { hasControlCharacters } from '../src/rules.ts';
import { defaultPushServiceHosts, isPushServiceEndpoint } from '../src/push.ts';

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
  ['fullname', 'Ada\u0000'],
  ['fullname', 'Ada \u001b[31mred'],
  ['email', 'ada\u0000@example.com'],
  ['subject', 'Line\rbreak'],
  ['body', 'Two lines\r\nand a\ttab\nare fine'],
  ['body', 'C1 \u0085 control'],
];

describe('the contact form rules of spec "Validation rules"', () => {
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

describe('the control-character rule of every text field', () => {
  it.each([
    ['\u0000', true],
    ['\u0007', true],
    ['\u001b]0;title\u0007', true],
    ['\u007f', true],
    ['\u009b', true],
    ['a\rb', true],
    ['tab\there', false],
    ['line\nbreak', false],
    ['crlf\r\nbreak', false],
    ['Adébáyọ̀ 🚀', false],
  ])('%j has control characters: %s', (value, expected) => {
    expect(hasControlCharacters(value)).toBe(expected);
  });

  it('refuses them in every schema, naming the field', () => {
    const result = demoRequestSchema.safeParse({
      type: 'demo',
      metadata: {
        type: 'demo',
        firstname: 'Grace\u0000',
        lastname: 'Hopper',
        company_name: 'Compile Co',
        email: 'grace@compile.example',
        phone_number: '+234 803 123 4567',
        subscribers: '0:100K',
      },
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['metadata', 'firstname'],
      message: messages.controlCharacters,
    });
    const lead = leadSchema.safeParse({
      type: 'startup',
      metadata: {
        type: 'startup',
        firstname: 'Ada',
        lastname: 'L\u001b[2J',
        company_name: 'Engines',
        email: 'ada@example.com',
        phone_number: '1',
        user_count: '10:50K',
        annual_budget: '1K:5K',
      },
    });
    expect(lead.error?.issues[0]).toMatchObject({
      path: ['metadata', 'lastname'],
      message: messages.controlCharacters,
    });
  });
});

describe('push endpoints (D25)', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/x', true],
    ['https://web.push.apple.com/x', true],
    ['https://wns2-bl2p.notify.windows.com/w/?token=x', true],
    ['https://push.apple.com/x', false],
    ['http://fcm.googleapis.com/fcm/send/x', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://127.0.0.1/x', false],
    ['https://[::1]/x', false],
    ['javascript:alert(1)', false],
    ['\u0000https://fcm.googleapis.com/fcm/send/x', false],
    ['https://fcm.googleapis.com/fcm/send/x\t', false],
  ])('%s is on a known push service: %s', (endpoint, expected) => {
    expect(isPushServiceEndpoint(endpoint, defaultPushServiceHosts)).toBe(expected);
  });

  it('follows a configured list instead', () => {
    expect(isPushServiceEndpoint('https://push.internal.example/x', ['push.internal.example'])).toBe(true);
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/x', ['push.internal.example'])).toBe(false);
  });
});

describe('field errors on the wire: one format, one parser', () => {
  it.each([
    [['email'], 'Invalid email address.'],
    [['metadata', 'email'], 'Invalid email address.'],
    [['gm_web_push', 'keys', 'p256dh'], 'gm_web_push.keys.p256dh must be a base64url P-256 key.'],
    [['extra_data', 'score'], 'Too big: expected number to be <=1000000000000000'],
    [['body'], 'A message: with a colon, and\na second line.'],
  ])('reads back what it writes for %j', (path, message) => {
    expect(parseFieldError(formatFieldError(path, message))).toEqual({ path, message });
  });

  it('finds no field in errors that name none', () => {
    for (const text of [
      serviceMessages.serviceUnavailable,
      serviceMessages.tooManyRequests,
      serviceMessages.tooLarge,
      'The request body is not valid JSON.',
      formatFieldError([], 'Invalid input'),
    ]) {
      expect(parseFieldError(text), text).toBeNull();
    }
  });

  it('is what the schemas produce, so the forms can put it on its field', () => {
    const result = demoRequestSchema.safeParse({ type: 'demo', metadata: { type: 'demo' } });
    const [issue] = result.error!.issues;
    expect(parseFieldError(formatFieldError(issue!.path, issue!.message))).toEqual({
      path: ['metadata', 'firstname'],
      message: messages.required.firstname,
    });
  });
});

describe('the unsubscribe call', () => {
  it('puts the tracking id’s parts in the path, with * in the list’s place for all lists', () => {
    expect(unsubscribePath('bmV3c2xldHRlcg.ref.mk1.sig', 'list')).toBe('bmV3c2xldHRlcg/ref/mk1/sig');
    expect(unsubscribePath('bmV3c2xldHRlcg.ref.mk1.sig', 'all')).toBe('*/ref/mk1/sig');
    expect(messages.preferencesSaved).toBe('Preferences set successfully.');
  });
});
