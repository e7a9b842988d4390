import { describe, expect, it } from 'vitest';
import { leadMail, retryDelayMs } from '../../src/outbox/mail.ts';

describe('the outbox', () => {
  it('backs off exponentially from 5 seconds, capped at an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('writes a lead as one line per field, naming the person in the subject', () => {
    const mail = leadMail('startup', { firstname: 'Ada', lastname: 'L', user_count: '10:50K' }, 'sales@x.io', 'a@x.io');
    expect(mail).toEqual({
      to: 'sales@x.io',
      replyTo: 'a@x.io',
      subject: 'New startup lead: Ada L',
      text: 'A new startup lead arrived from the website.\n\nlanguage: English (en)\nfirstname: Ada\nlastname: L\nuser_count: 10:50K\n',
    });
  });

  it('names a French lead’s language in English, in the subject and first (D37)', () => {
    const mail = leadMail('enquiry', { fullname: 'Awa Diop', subject: 'Tarifs' }, 'sales@x.io', 'a@x.io', 'fr');
    expect(mail.subject).toBe('New enquiry lead (French): Awa Diop');
    expect(mail.text).toBe(
      'A new enquiry lead arrived from the website.\n\nlanguage: French (fr)\nfullname: Awa Diop\nsubject: Tarifs\n',
    );
  });
});
