import { Redis } from 'ioredis';

/** The Redis the tests use; this machine and CI run one on loopback. */
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers. REQUIRE_REDIS=1, as CI sets, makes its absence an error, so a
 * silently skipped test cannot pass CI.
 */
export async function redisReachable(): Promise<boolean> {
  const client = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    if (process.env.REQUIRE_REDIS === '1') throw new Error(`Redis is not reachable at ${redisUrl}`);
    console.warn(`Redis is not reachable at ${redisUrl}: skipping the shared rate-limit tests.`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** Deletes `key` on the Redis at `url` (a bench empties the list of views it counts first). */
export async function deleteKey(url: string, key: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    await client.del(key);
  } finally {
    client.disconnect();
  }
}
