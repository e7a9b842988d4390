import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.urls.public).toBe('http://localhost:3000');
    expect(config.urls.guest).toBe(config.urls.public);
    expect(config.urls.users).toBe('/services/users');
    expect(config.databaseUrl).toMatch(/^sqlite:/);
  });

  it('reads and normalises the variables', () => {
    const config = loadConfig({
      SITE_ENV: 'production',
      PORT: '8080',
      PUBLIC_URL: 'https://www.example.com/',
      APP_URL: 'https://app.example.com',
      USERS_URL: 'https://users.example.com/v2/',
      DATABASE_URL: 'postgres://127.0.0.1:5432/test',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      databaseUrl: 'postgres://127.0.0.1:5432/test',
      urls: {
        public: 'https://www.example.com',
        guest: 'https://www.example.com',
        app: 'https://app.example.com',
        users: 'https://users.example.com/v2',
      },
    });
  });

  it('reads the Redis URL and the push-service hosts, with the four known services by default', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({}).pushServiceHosts).toContain('fcm.googleapis.com');
    const config = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUSH_SERVICE_HOSTS: 'Push.Example.com, *.wns.example',
    });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.pushServiceHosts).toEqual(['push.example.com', '*.wns.example']);
  });

  it('reads the metrics token, off by default, and refuses one too short to be secret', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'a'.repeat(24) + '0123456789';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(/METRICS_TOKEN must be at least 32/);
    expect(() => loadConfig({ METRICS_TOKEN: `${token} x` })).toThrow(ConfigError);
  });

  it('reads the console’s CSRF key, made from TRACKING_SECRET when unset, and refuses one too short', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({}).teamCsrfKey).toBeUndefined();
    expect(loadConfig({ TEAM_CSRF_KEY: 'k'.repeat(32) }).teamCsrfKey).toBe('k'.repeat(32));
    const made = loadConfig({ TRACKING_SECRET: secret }).teamCsrfKey;
    expect(made).toBe(loadConfig({ TRACKING_SECRET: secret }).teamCsrfKey);
    expect(made).not.toContain(secret);
    expect(() => loadConfig({ TEAM_CSRF_KEY: 'short' })).toThrow(/TEAM_CSRF_KEY must be at least 32 characters/);
  });

  it('reads how long a CDN may keep a page, none by default', () => {
    expect(loadConfig({}).cdnMaxAge).toBe(0);
    expect(loadConfig({ CDN_MAX_AGE: '60' }).cdnMaxAge).toBe(60);
    expect(() => loadConfig({ CDN_MAX_AGE: '-1' })).toThrow(/CDN_MAX_AGE must be between 0 and 31536000/);
    expect(() => loadConfig({ CDN_MAX_AGE: '1m' })).toThrow(ConfigError);
  });

  it('reads the WhatsApp number (D34), unset by default, and refuses one not in E.164 form', () => {
    expect(loadConfig({}).whatsAppNumber).toBeUndefined();
    expect(loadConfig({ WHATSAPP_NUMBER: '+14155550123' }).whatsAppNumber).toBe('+14155550123');
    for (const bad of ['14155550123', '+1 415 555 0123', '+1-415-555-0123', '+04155550123', '+1234567890123456']) {
      expect(() => loadConfig({ WHATSAPP_NUMBER: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ WHATSAPP_NUMBER: bad }), bad).toThrow(/WHATSAPP_NUMBER must be an E\.164 number/);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', SITE_ENV: ' ' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['SITE_ENV', 'prod'],
    ['APP_URL', 'app.example.com'],
    ['APP_URL', 'ftp://app.example.com'],
    ['BLOG_URL', 'https://blog.example.com/?x=1'],
    ['USERS_URL', 'users'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SITE_API_KEY', 'has spaces'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['PUSH_SERVICE_HOSTS', 'https://fcm.googleapis.com'],
    ['PUSH_SERVICE_HOSTS', 'fcm.googleapis.com,,'],
  ])('stops on a bad %s (%s) with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('reads national phone numbers in Nigeria unless TEAM_COUNTRY says otherwise, and refuses a country it does not know', () => {
    expect(loadConfig({}).teamCountry).toBe('NG');
    expect(loadConfig({ TEAM_COUNTRY: 'KE' }).teamCountry).toBe('KE');
    expect(() => loadConfig({ TEAM_COUNTRY: 'XX' })).toThrow(ConfigError);
    expect(() => loadConfig({ TEAM_COUNTRY: 'ng' })).toThrow(/TEAM_COUNTRY/);
  });
});
