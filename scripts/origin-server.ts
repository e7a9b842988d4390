/**
 * The server as the origin benches run it (bench:origin, bench:cpu): its own process in
 * production mode, on a SQLite file in the bench's directory, at production's log level unless
 * LOG_LEVEL says otherwise, its log to /dev/null, and no rate limit a page load could reach.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { freePort, spawnServer, waitUntilReady, type ServerProcess } from '@growmail/test-support/process';

export async function startOriginServer(options: {
  directory: string;
  siteDir: string;
  /** Given to Node before the entry (`--cpu-prof`…). */
  nodeArgs?: string[];
  /** Settings over these (bench:visits' DATABASE_URL and REDIS_URL). */
  env?: Record<string, string>;
  /** The server's own build, when it is not this checkout's (bench:origin's `--baseline`). */
  entry?: string;
}): Promise<{ server: ServerProcess; origin: string; pid: number }> {
  const port = await freePort();
  const server = spawnServer(
    {
      PORT: String(port),
      SITE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${join(options.directory, 'growmail.sqlite')}`,
      SITE_DIR: options.siteDir,
      // Production's default, so its request log is part of the cost, unless LOG_LEVEL says otherwise.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // No page is rate limited today; raised so that a limit added to pages could not refuse the load.
      RATE_LIMIT_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
      MCP_REQUESTS_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
      ...options.env,
    },
    { stdout: 'ignore', nodeArgs: options.nodeArgs ?? [], ...(options.entry ? { entry: options.entry } : {}) },
  );
  try {
    // A minute: the site's pages are read and precompressed first, slow on a busy machine.
    await waitUntilReady(port, server, 60_000);
  } catch (error) {
    server.child.kill('SIGTERM');
    throw error;
  }
  return { server, origin: `http://127.0.0.1:${port}`, pid: server.child.pid! };
}

/** An answer as scripts/bare-server.ts repeats it: status, headers and the body in base64. */
export type BareAnswer = { status: number; headers: Record<string, string>; body: string };

/** Headers Node's server writes itself; the bare server is given every other header of the answer. */
const nodeOwnHeaders = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One GET with the bytes as sent: fetch() would undo the gzip the benches are about. */
export function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The server's answer to a page asked for with gzip, as the bare server repeats it. */
export async function answerOf(url: string): Promise<BareAnswer> {
  const answer = await get(url, { 'accept-encoding': 'gzip' });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (typeof value === 'string' && !nodeOwnHeaders.has(name)) headers[name] = value;
  return { status: answer.status, headers, body: answer.body.toString('base64') };
}

/**
 * scripts/bare-server.ts answering every request with `answer`, once it listens: Node's own
 * HTTP server doing nothing else, the floor under this server's cost (bench:cpu and
 * bench:origin's `--floor`). Its answer file is written in `directory`.
 */
export async function startBareServer(
  directory: string,
  answer: BareAnswer,
): Promise<{ child: ChildProcess; origin: string }> {
  const file = join(directory, 'answer.json');
  writeFileSync(file, JSON.stringify(answer));
  const port = await freePort();
  const child = spawn(process.execPath, [new URL('bare-server.ts', import.meta.url).pathname, file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** Milliseconds of CPU a process has used in user space and in the kernel, from /proc (Linux), in ticks of 10 ms. */
export async function cpuTimes(pid: number): Promise<{ user: number; system: number }> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/** Milliseconds of CPU a process has used, user and kernel together. */
export async function cpuMs(pid: number): Promise<number> {
  const { user, system } = await cpuTimes(pid);
  return user + system;
}

/**
 * Waits until a process is idle, under 5% of a core for half a second (60 s at most): the server
 * after start-up, while it precompresses the site, and after a load, while it still answers the
 * requests the load left in flight.
 */
export async function untilIdle(pid: number) {
  const started = Date.now();
  let before = await cpuMs(pid);
  while (Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await cpuMs(pid);
    if (now - before < 25) return;
    before = now;
  }
}

/** A whole number of at least 1 from a flag, or the run stops here with the flag named. */
export function count(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1, not ${JSON.stringify(text)}`);
    process.exit(1);
  }
  return value;
}
