import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

/** Every log line the app writes, parsed, so a test can see the level and whether a stack was logged. */
const lines: { level: number; msg: string; err?: { stack?: string } }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  const config = loadConfig({ LOG_LEVEL: 'info', DATABASE_URL: 'sqlite::memory:', SITE_ENV: 'testing' });
  app = await buildApp({ config }, { logger: { level: 'info', stream: logStream } });
});
afterAll(() => app.close());

const frameworkTraces = /fastify|FST_|\n\s+at /i;

describe('client errors anywhere answer 4xx, say little, and log at info without a stack', () => {
  it.each([
    ['POST', '/', 'application/json', '{"email": ', 400],
    ['POST', '/pricing', 'application/json', '{"email": ', 400],
    ['POST', '/', 'application/json', JSON.stringify({ note: 'x'.repeat(70 * 1024) }), 413],
    ['POST', '/pricing', 'application/json', '{"__proto__": {"admin": true}}', 400],
    ['POST', '/', 'application/xml', '<a/>', 404],
    ['POST', '/', 'text/plain', 'hello', 404],
    ['POST', '/services/users/guests/enquiry', 'application/json', '{"fullname": ', 400],
    ['POST', '/services/users/guests/enquiry', 'multipart/form-data; boundary=x', '--x--', 415],
    ['POST', '/services/users/guests/enquiry', 'text/plain', 'hello', 400],
    ['POST', '/services/users/guests/enquiry', 'application/json', JSON.stringify({ x: 'x'.repeat(70 * 1024) }), 413],
  ])('%s %s with %s %#', async (method, url, contentType, payload, status) => {
    lines.length = 0;
    const response = await app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toMatch(frameworkTraces);
    if (url.startsWith('/services/')) expect(response.json()).toEqual({ error: expect.any(String), payload: null });
    else expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(lines.filter((line) => line.level >= 40 || line.err)).toEqual([]);
    // A 404 is not an error at all; every other refusal leaves one info line.
    if (status !== 404) expect(lines.find((line) => line.msg === 'client error')?.level).toBe(30);
  });

  it.each(['/%zz', '/products/%E0%A4%A', '/services/users/%zz'])(
    'GET %s answers 400 without a framework error object or the path',
    async (url) => {
      lines.length = 0;
      const response = await app.inject(url);
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toMatch(frameworkTraces);
      expect(response.body).not.toContain(url.slice(1, 4));
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    },
  );

  it('answers a method no route has with a plain 404', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/pricing' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Not found\n');
  });
});

describe('the request log', () => {
  it('writes one line per request, when it completes, naming the request and its answer', async () => {
    lines.length = 0;
    const response = await app.inject('/terms');
    expect(response.statusCode).toBe(200);
    const logged = lines as unknown as {
      msg: string;
      req?: { method: string; url: string };
      res?: { statusCode: number };
      responseTime?: number;
    }[];
    expect(logged.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const completed = logged.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ req: { method: 'GET', url: '/terms' }, res: { statusCode: 200 } });
    expect(completed[0]!.responseTime).toEqual(expect.any(Number));
  });
});
