import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const secret = `whsec_${Buffer.from('a-webhook-secret-of-32-bytes-len').toString('base64')}`;

describe('webhook configuration', () => {
  it('leaves webhooks off when neither is set', () => {
    expect(loadConfig({}).webhook).toBeNull();
  });

  it('reads the URL and secret, with eight attempts by default', () => {
    expect(loadConfig({ WEBHOOK_URL: 'https://crm.example.com/hooks', WEBHOOK_SECRET: secret }).webhook).toEqual({
      url: 'https://crm.example.com/hooks',
      secret,
      maxAttempts: 8,
    });
  });

  it('refuses one without the other, naming both', () => {
    expect(() => loadConfig({ WEBHOOK_URL: 'https://crm.example.com/hooks' })).toThrow(
      /WEBHOOK_URL and WEBHOOK_SECRET must be set together/,
    );
    expect(() => loadConfig({ WEBHOOK_SECRET: secret })).toThrow(/WEBHOOK_URL and WEBHOOK_SECRET/);
  });

  it.each([
    ['WEBHOOK_SECRET', 'not-a-whsec-secret', /WEBHOOK_SECRET must be a whsec_ secret/],
    ['WEBHOOK_SECRET', 'whsec_short', /WEBHOOK_SECRET must be a whsec_ secret/],
    ['WEBHOOK_URL', 'ftp://crm.example.com', /WEBHOOK_URL must be an http\(s\) URL/],
    ['WEBHOOK_MAX_ATTEMPTS', '0', /WEBHOOK_MAX_ATTEMPTS must be between 1 and 100/],
  ])('refuses a bad %s', (name, value, message) => {
    const env = { WEBHOOK_URL: 'https://crm.example.com/hooks', WEBHOOK_SECRET: secret, [name]: value };
    expect(() => loadConfig(env)).toThrow(message);
  });
});
