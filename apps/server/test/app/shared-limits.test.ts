import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@growmail/test-support/process';
import { testApp } from '@growmail/test-support/app';
import { redisReachable, redisUrl } from '@growmail/test-support/redis';

const enquiry = (n: number) => ({
  fullname: 'Shared Limit',
  email: `shared${n}@example.com`,
  subject: `Two servers ${n}`,
  body: 'Counted once, wherever it lands.',
});

/** An address of its own per run: Redis keeps counts for a minute, across test runs too. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Sends submission `n` to one of the servers; answers its status. */
type Submit = (n: number) => Promise<number>;

/** Two servers as a load balancer would see them: the same configuration, separate processes' memory. */
async function twoServers(env: Record<string, string>): Promise<Submit> {
  const settings = { RATE_LIMIT_PER_MINUTE: '3', ...env };
  const servers = [await testApp(settings), await testApp(settings)];
  opened.push(...servers);
  const remoteAddress = freshAddress();
  /** Sends each submission to the next server in turn, round robin. */
  return (n: number) =>
    servers[n % 2]!.inject({
      method: 'POST',
      url: '/services/users/guests/enquiry',
      payload: enquiry(n),
      remoteAddress,
    }).then((response) => response.statusCode);
}

const opened: Awaited<ReturnType<typeof testApp>>[] = [];
afterAll(async () => {
  await Promise.all(opened.map((app) => app.close()));
});

describe.runIf(await redisReachable())('the rate limit across servers', () => {
  // Built before the cases, so a case times its requests, not two servers starting cold.
  let shared: Submit;
  let separate: Submit;
  beforeAll(async () => {
    shared = await twoServers({ REDIS_URL: redisUrl });
  });
  beforeAll(async () => {
    separate = await twoServers({});
  });

  it('is shared through Redis: two servers let through the limit once, not twice', async () => {
    const statuses = [];
    for (let n = 0; n < 6; n += 1) statuses.push(await shared(n));
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('without Redis is per server, which is why REDIS_URL exists', async () => {
    const statuses = [];
    for (let n = 0; n < 6; n += 1) statuses.push(await separate(n));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
  });
});

describe('a Redis that is down', () => {
  let submit: Submit;
  beforeAll(async () => {
    // Nothing listens on this port: every Redis command fails at once.
    submit = await twoServers({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  });

  it('costs the limit, never a lead: submissions are still accepted', async () => {
    const statuses = [];
    for (let n = 0; n < 2; n += 1) statuses.push(await submit(n));
    expect(statuses).toEqual([201, 201]);
  });
});
