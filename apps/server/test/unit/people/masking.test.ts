import { describe, expect, it } from 'vitest';
import { contactsFor, maskAddress, maskContacts, maskPhone } from '../../../src/people/masking.ts';

describe('maskContacts: addresses and phone numbers inside free text', () => {
  it.each([
    ['Call me on 0803 123 4567 after six.', 'Call me on •••67 after six.'],
    ['Our Nairobi line is +254 712 345678.', 'Our Nairobi line is •••78.'],
    ['Kenya office: 0712 345678', 'Kenya office: •••78'],
    ['The Accra desk answers on 024 123 4567', 'The Accra desk answers on •••67'],
    ['WhatsApp +233 24 123 4567 or (08031234567)', 'WhatsApp •••67 or •••67)'],
    ['Dakar: +221 77 123 45 67', 'Dakar: •••67'],
    ['Abidjan: 00225 07 07 12 34 56', 'Abidjan: •••56'],
    ['Vienna: +43 1 5123', 'Vienna: •••23'],
    ['Nigeria +234 803 123 4567, then 0803 765 4321', 'Nigeria •••67, then •••21'],
  ])('masks the local or international number in %j', (text, masked) => {
    expect(maskContacts(text)).toBe(masked);
  });

  it('masks a number libphonenumber runs into the one before it', () => {
    const masked = maskContacts('Senegal +221 77 123 45 67, 77 123 45 68');
    expect(masked).not.toMatch(/\d{3}/);
    expect(masked).toMatch(/^Senegal •••.*68$/);
  });

  it('masks addresses as the fields are: the first letter and the domain', () => {
    expect(maskContacts('Write to ada.obi@acme.com.ng. Or <b.c@x.io>, mailto:nnamdi@acme.com; thanks')).toBe(
      'Write to a•••@acme.com.ng. Or <b•••@x.io>, mailto:n•••@acme.com; thanks',
    );
    expect(maskContacts('ada@acme.com')).toBe(maskAddress('ada@acme.com'));
  });

  it('leaves text without contact details as it is', () => {
    for (const text of [
      '',
      'Ada Obi',
      'Teranga SA',
      'A question about prices for 5 lists.',
      'Ọ̀ṣun — “quotes” & <tags>',
    ])
      expect(maskContacts(text)).toBe(text);
  });

  it('leaves years, amounts, dates and order ids alone', () => {
    const text =
      'In 2024 we sent 1,500,000 mails for ₦250,000 (5000000 in all, 120000 subscribers). ' +
      'Order #48213907, ref ORD-2024-000123, on 12/03/2025 or 2026-01-31, ' +
      'id 550e8400-e29b-41d4-a716-446655440000 at 2026-01-31T10:00:00.000Z.';
    expect(maskContacts(text)).toBe(text);
  });

  it('masks eight digits that read as a valid Nairobi number: masking errs on the side of hiding', () => {
    expect(maskContacts('invoice 20240115')).toBe('invoice •••15');
  });
});

describe('contactsFor: what a role is shown', () => {
  it('masks fields and free text for a viewer, by the same rule', () => {
    const viewer = contactsFor('viewer');
    expect(viewer.field('phone_number', '+234 803 123 4567')).toBe(maskPhone('+234 803 123 4567'));
    expect(viewer.field('phone_number', 'call me')).toBe('•••me');
    expect(viewer.field('email', 'ada@acme.com')).toBe('a•••@acme.com');
    expect(viewer.field('body', 'Reach me at ada@acme.com or 0803 123 4567.')).toBe(
      'Reach me at a•••@acme.com or •••67.',
    );
    expect(viewer.text('Nnamdi, 0803 123 4567')).toBe('Nnamdi, •••67');
    expect(viewer.address('ada@acme.com')).toBe('a•••@acme.com');
  });

  it('shows sales and admins everything whole', () => {
    for (const role of ['sales', 'admin'] as const) {
      const shown = contactsFor(role);
      expect(shown.field('phone_number', '+234 803 123 4567')).toBe('+234 803 123 4567');
      expect(shown.text('Reach me at ada@acme.com or 0803 123 4567.')).toBe(
        'Reach me at ada@acme.com or 0803 123 4567.',
      );
      expect(shown.address('ada@acme.com')).toBe('ada@acme.com');
    }
  });
});
