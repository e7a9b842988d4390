import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisReachable, redisUrl } from '@growmail/test-support/redis';
import { ViewBatch } from '../../src/visits/batch.ts';
import type { PageView } from '../../src/visits/page-view.ts';

const viewOf = (path: string): PageView => ({
  visitor: randomUUID(),
  day: '2026-11-28',
  at: '2026-11-28T09:00:00.000Z',
  path,
  language: path.startsWith('/fr') ? 'fr' : 'en',
  utm: { utm_source: 'newsletter' },
  clickId: null,
  referrerHost: null,
  device: 'mobile',
});

describe.runIf(await redisReachable())('the shared list of views with REDIS_URL', () => {
  const redis = new Redis(redisUrl);
  const key = `growmail:test:views:${randomUUID()}`;
  afterAll(async () => {
    await redis.del(key);
    redis.disconnect();
  });

  it('sends the views of one turn together, after it, and a take never overtakes a view added before it', async () => {
    if (redis.status !== 'ready') await once(redis, 'ready');
    const batch = new ViewBatch(redis, key);
    const [home, demo] = [viewOf('/fr'), viewOf('/fr/demo')];
    batch.add(home);
    batch.add(demo);
    // Redis answers in order: this length was asked before the turn's views were sent.
    expect(await redis.llen(key)).toBe(0);
    expect(await redis.llen(key)).toBe(2);
    const later = viewOf('/pricing');
    batch.add(later);
    // Taken in the same turn as it was added: the take sends it first, then reads the list.
    expect(await batch.take(10)).toEqual([home, demo, later]);
    expect(await redis.llen(key)).toBe(0);
  });
});

describe('the views held in memory while the database or Redis is away', () => {
  it('counts as lost the views added past its 200,000, and those put back when it has filled meanwhile', async () => {
    const batch = new ViewBatch(null);
    for (let n = 0; n < 200_003; n += 1) batch.add(viewOf('/pricing'));
    expect(batch.lost).toBe(3);
    const taken = await batch.take(10);
    for (let n = 0; n < 6; n += 1) batch.add(viewOf('/demo'));
    // A write failed: its 10 views go back first in line, but only 4 still fit.
    batch.restore(taken);
    expect(batch.lost).toBe(9);
    expect(await batch.take(4)).toEqual(taken.slice(0, 4));
  });
});
