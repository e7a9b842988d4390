import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('the lead capture configuration', () => {
  it('defaults to keeping mails in the outbox, 10 submissions a minute and a database-kept secret', () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ smtpUrl: undefined, salesInbox: 'sales@growmail.io', from: 'website@growmail.io' });
    expect(config.rateLimitPerMinute).toBe(10);
    expect(config.trackingSecret).toBeUndefined();
  });

  it('reads SMTP_URL, SALES_INBOX, MAIL_FROM, TRACKING_SECRET and RATE_LIMIT_PER_MINUTE', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      SALES_INBOX: 'leads@example.com',
      MAIL_FROM: 'web@example.com',
      TRACKING_SECRET: 'x'.repeat(32),
      RATE_LIMIT_PER_MINUTE: '30',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      salesInbox: 'leads@example.com',
      from: 'web@example.com',
    });
    expect(config.trackingSecret).toBe('x'.repeat(32));
    expect(config.rateLimitPerMinute).toBe(30);
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SALES_INBOX: 'sales' }, 'SALES_INBOX'],
    [{ TRACKING_SECRET: 'short' }, 'TRACKING_SECRET'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE'],
  ])('refuses %o, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
