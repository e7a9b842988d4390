import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const keys = {
  VAPID_PUBLIC_KEY: 'BG79Eerar3ms_jOCF_bhyBsxeqWdlzLL-pPDBpwCr-5d373F_ZKKHhj3NqB0WHCMATR6Sb7n1Lp22pBbYByLLOg',
  VAPID_PRIVATE_KEY: 'vVkmHWQWvJTzozuBmME00vMN2cxjWM0VpkM46wGLGOA',
};

describe('VAPID configuration', () => {
  it('leaves web push off when no keys are set', () => {
    expect(loadConfig({}).vapid).toBeNull();
  });

  it('reads the pair with a default subject', () => {
    expect(loadConfig(keys).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:developers@growmail.io',
    });
  });

  it('refuses half a pair, naming both variables', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    );
  });

  it.each([
    [{ ...keys, VAPID_PUBLIC_KEY: 'short' }, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key'],
    [{ ...keys, VAPID_PRIVATE_KEY: 'not/base64url+' }, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key'],
    [{ ...keys, VAPID_SUBJECT: 'growmail' }, 'VAPID_SUBJECT must be a mailto: address or an https: URL'],
  ])('refuses a malformed value: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
