import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkNginxConfig,
  fetchThrough,
  nginxConfigPath,
  nginxDirectory,
  nginxInstalled,
  startNginx,
} from '@growmail/test-support/nginx';
import { freePort } from '@growmail/test-support/process';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const seconds = (text: string) => Number(text.replace(/_/g, '')) / 1000;

/** The [Service] settings of a systemd unit, by name (the last assignment wins, as in systemd). */
function unitSettings(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) settings.set(match[1]!, match[2]!);
  }
  return settings;
}

describe('the systemd unit (deploy/growmail.service)', () => {
  const text = read('deploy/growmail.service');
  const unit = unitSettings(text);

  it('starts the server entry of the release it runs in', () => {
    const [node, entry] = unit.get('ExecStart')!.split(' ');
    expect(node).toMatch(/^\/.*\/node$/);
    expect(existsSync(join(root, entry!))).toBe(true);
    expect(read(entry!)).toContain('closeWithGrace');
  });

  it('gives the drain longer than the server does before systemd kills it', () => {
    const drain = /closeWithGrace\(\{ delay: ([\d_]+) \}/.exec(read('apps/server/src/server.ts'))?.[1];
    expect(drain).toBeDefined();
    expect(unit.get('KillSignal')).toBe('SIGTERM');
    expect(Number(unit.get('TimeoutStopSec'))).toBeGreaterThan(seconds(drain!));
  });

  it('keeps the SQLite file in the state directory systemd makes for it', () => {
    const state = unit.get('StateDirectory');
    expect(unit.get('Environment')).toBe(`DATABASE_URL=sqlite:/var/lib/${state}/growmail.sqlite`);
    expect(unit.get('ProtectSystem')).toBe('strict');
  });

  it.runIf(existsSync('/usr/bin/systemd-analyze'))('passes systemd-analyze verify', () => {
    // Verify checks that the program exists; on a test machine node lives wherever it lives.
    const directory = mkdtempSync(join(tmpdir(), 'gm-unit-'));
    const file = join(directory, 'growmail.service');
    writeFileSync(file, text.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
    try {
      const result = spawnSync('/usr/bin/systemd-analyze', ['verify', file], { encoding: 'utf8' });
      expect(result.stderr.split('\n').filter((line) => line.includes('growmail'))).toEqual([]);
      expect(result.status).toBe(0);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('docs/deploy.md', () => {
  it('describes the files in deploy/, and the README links it', () => {
    const guide = read('docs/deploy.md');
    for (const file of ['deploy/nginx.conf', 'deploy/growmail.service']) expect(guide).toContain(file);
    expect(read('README.md')).toContain('(docs/deploy.md)');
  });

  it('waits longer in nginx than the server gives a request', () => {
    const server = /requestTimeout: ([\d_]+)/.exec(read('apps/server/src/app.ts'))?.[1];
    const nginx = /proxy_read_timeout (\d+)s;/.exec(readFileSync(nginxConfigPath, 'utf8'))?.[1];
    expect(Number(nginx)).toBeGreaterThan(seconds(server!));
  });
});

type Seen = { server: string; forwardedFor: string | undefined; method: string };

/** A stand-in server that says who it is and what nginx told it, and sends its own HSTS. */
async function standIn(name: string, seen: Seen[]): Promise<{ server: Server; address: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const forwardedFor = request.headers['x-forwarded-for'] as string | undefined;
      seen.push({ server: name, forwardedFor, method: request.method ?? '' });
      response.writeHead(200, { 'content-type': 'text/plain', 'strict-transport-security': 'max-age=1' }).end(name);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, address: `127.0.0.1:${port}` };
}

describe.runIf(nginxInstalled())('the load balancer (deploy/nginx.conf)', () => {
  const seen: Seen[] = [];
  let servers: Awaited<ReturnType<typeof standIn>>[] = [];
  let tls: Awaited<ReturnType<typeof nginxDirectory>>;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let httpPort: number;
  beforeAll(async () => {
    servers = [await standIn('a', seen), await standIn('b', seen)];
    // A third server that is down: nothing listens on its port.
    const down = `127.0.0.1:${await freePort()}`;
    tls = await nginxDirectory();
    httpPort = await freePort();
    const options = {
      upstreams: [...servers.map((each) => each.address), down],
      httpPort,
      httpsPort: await freePort(),
      certificate: tls.certificate,
      key: tls.key,
      directory: tls.directory,
    };
    const check = checkNginxConfig(options);
    expect(check.output).toContain('test is successful');
    nginx = await startNginx(options);
  });
  afterAll(async () => {
    await nginx?.stop();
    for (const { server } of servers) server.close();
    tls?.remove();
  });

  it('balances GETs and POSTs over the live servers, passing over the one that is down', async () => {
    seen.length = 0;
    const answers = [];
    for (let n = 0; n < 12; n++) {
      answers.push(await fetchThrough(nginx.base, `/page-${n}`));
      answers.push(await fetchThrough(nginx.base, '/services/users/guests/enquiry', { method: 'POST', body: '{}' }));
    }
    expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(200));
    expect(new Set(seen.map((each) => each.server))).toEqual(new Set(['a', 'b']));
    expect(seen.filter((each) => each.method === 'POST')).toHaveLength(12);
  });

  it("appends the client's address to X-Forwarded-For", async () => {
    seen.length = 0;
    await fetchThrough(nginx.base, '/', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    await fetchThrough(nginx.base, '/');
    expect(seen.map((each) => each.forwardedFor)).toEqual(['203.0.113.9, 127.0.0.1', '127.0.0.1']);
  });

  it('sends one HSTS header of its own, and sends plain HTTP to HTTPS', async () => {
    const answer = await fetchThrough(nginx.base, '/');
    expect(answer.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const plain = await fetch(`http://127.0.0.1:${httpPort}/pricing?x=1`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/pricing?x=1');
  });
});
