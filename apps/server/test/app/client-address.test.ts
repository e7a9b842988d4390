import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';

const enquiry = (n: number) => ({
  fullname: 'Ada Lovelace',
  email: `ada${n}@example.com`,
  subject: 'Pricing',
  body: `Question number ${n}`,
});

describe('the client address behind the rate limit', () => {
  let app: Awaited<ReturnType<typeof testApp>> | undefined;
  afterEach(async () => {
    await app?.close();
  });

  const statuses = async (forwardedFor: (n: number) => string) => {
    const result: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const response = await app!.inject({
        method: 'POST',
        url: '/services/users/guests/enquiry',
        payload: enquiry(n),
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor(n) },
      });
      result.push(response.statusCode);
    }
    return result;
  };

  it('ignores X-Forwarded-For by default, so a client cannot dodge the limit by inventing addresses', async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '2' });
    expect(await statuses((n) => `203.0.113.${n}`)).toEqual([201, 201, 429]);
  });

  it('takes the address from X-Forwarded-For when the peer is a trusted proxy', async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' });
    expect(await statuses((n) => `203.0.113.${n}`)).toEqual([201, 201, 201]);
  });
});
