import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCode, freePort, spawnServer as startServer } from '@growmail/test-support/process';

describe('the server process', () => {
  it('drains an in-flight request on SIGTERM, then closes the database and exits 0', { timeout: 30_000 }, async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'gm-shutdown-'));
    const server = startServer({ PORT: String(port), DATABASE_URL: `sqlite:${join(dataDir, 'db.sqlite')}` });
    await server.waitFor('Server listening');

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ note: 'x'.repeat(200) });
    const answered = new Promise<{ status: number; body: string; at: string }>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/services/unknown',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, at: server.output() }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 100);
    });

    const response = await answered.catch((error: unknown) => {
      throw new Error(`${String(error)}\n${server.output()}`);
    });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ error: 'Not found.', payload: null });
    // The answer went out before the database was closed.
    expect(response.at).not.toContain('database closed');
    expect(await exitCode(server.child)).toBe(0);
    expect(server.output()).toContain('database closed');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ SITE_ENV: 'prod' }, 'SITE_ENV'],
  ])('refuses to start on bad configuration %o, naming %s', { timeout: 30_000 }, async (env, name) => {
    const server = startServer(env);
    expect(await exitCode(server.child)).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain(name);
  });
});
