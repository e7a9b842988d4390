import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { freePort } from '@growmail/test-support/process';
import { redisReachable, redisUrl } from '@growmail/test-support/redis';

const chrome =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type App = Awaited<ReturnType<typeof testApp>>;
const opened: App[] = [];
const dir = mkdtempSync(join(tmpdir(), 'growmail-visits-'));
afterAll(async () => {
  await Promise.all(opened.map((app) => app.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** Two servers on one database file, as behind a load balancer; `env` adds to their settings. */
async function twoServers(env: Record<string, string>): Promise<[App, App]> {
  const settings = { DATABASE_URL: `sqlite:${join(dir, `${randomUUID()}.sqlite`)}`, ...env };
  const first = await testApp(settings);
  const second = await testApp(settings);
  opened.push(first, second);
  return [first, second];
}

/** A view of `page` counted by `app`, from one visitor. */
const view = (app: App, page: string) =>
  app.inject({
    url: '/visit',
    headers: { host: 'growmail.test', referer: `http://growmail.test${page}`, 'user-agent': chrome },
    remoteAddress: '192.0.2.44',
  });

describe.runIf(await redisReachable())('counting across servers with REDIS_URL', () => {
  it('writes a view one server counted from the other server’s flush, in the same visit', async () => {
    const [first, second] = await twoServers({ REDIS_URL: redisUrl });
    await view(first, '/?utm_source=partner');
    await view(second, '/pricing');
    await second.visitCounter.flush();
    const visits = await second.visits.list();
    expect(visits.filter((visit) => visit.utm_source === 'partner')).toMatchObject([{ entry_path: '/', views: 2 }]);
  });
});

describe('counting while Redis is away', () => {
  it('answers every view and keeps it in the server’s own batch', async () => {
    const [first] = await twoServers({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    expect((await view(first, '/contact')).statusCode).toBe(204);
    await first.visitCounter.flush();
    expect(await first.visits.list()).toMatchObject([{ entry_path: '/contact', views: 1 }]);
  });
});

describe('counting while the database is away', () => {
  it('answers 204 and counts nothing, rather than failing the page', async () => {
    const [first] = await twoServers({});
    await first.db.close();
    const answer = await view(first, '/');
    expect(answer.statusCode).toBe(204);
  });
});
