import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startTimeoutMs } from '@growmail/server/start-timeout';

/** The real server entry, run as its own process for tests of signals and crashes. */
const entry = fileURLToPath(new URL('../../apps/server/src/server.ts', import.meta.url));

/**
 * The environment of a command run with only PATH and the variables given, as a person runs it
 * from a clean shell. Node's compile cache (NODE_COMPILE_CACHE, which vitest.config.ts sets for
 * the run) is passed on too: it changes how fast Node starts, not what the command does.
 */
export function commandEnv(env: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const cache = process.env.NODE_COMPILE_CACHE;
  return { PATH: process.env.PATH, ...(cache ? { NODE_COMPILE_CACHE: cache } : {}), ...env };
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export type ServerProcess = {
  child: ChildProcess;
  /** Everything it has printed so far, stdout and stderr. */
  output: () => string;
  /** Resolves once the output contains `text`; rejects if it exits or takes too long. */
  waitFor: (text: string, ms?: number) => Promise<void>;
};

/**
 * Starts the server entry as its own process; `nodeArgs` go to Node before it (`--permission`…).
 * `stdout: 'ignore'` sends its log to /dev/null, for a load that would log more than memory
 * should hold; its stderr is still kept. `entry` runs another checkout's server (a bench's
 * baseline) instead of this one's.
 */
export function spawnServer(
  env: Record<string, string>,
  {
    nodeArgs = [],
    stdout = 'pipe',
    entry: otherEntry,
  }: { nodeArgs?: string[]; stdout?: 'pipe' | 'ignore'; entry?: string } = {},
): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, otherEntry ?? entry], {
    // Tests post lead forms at machine speed: the forms' time check is off unless a test sets it.
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', FORM_MIN_FILL_SECONDS: '0', ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const waitFor = async (text: string, ms = startTimeoutMs) => {
    const started = Date.now();
    while (!output.includes(text)) {
      if (Date.now() - started > ms) throw new Error(`timed out waiting for "${text}" in:\n${output}`);
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return { child, output: () => output, waitFor };
}

/** Resolves once the server on `port` answers its readiness check; rejects if it exits or takes `ms` (as long as a start may take). */
export async function waitUntilReady(port: number, server: ServerProcess, ms = startTimeoutMs) {
  for (let attempt = 0; attempt < ms / 50; attempt++) {
    if (server.child.exitCode !== null) throw new Error(`server exited ${server.child.exitCode}:\n${server.output()}`);
    const ready = await fetch(`http://127.0.0.1:${port}/services/health/ready`).catch(() => null);
    if (ready?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server on ${port} was not ready in ${ms / 1000} s:\n${server.output()}`);
}

/** The exit code once the process has ended (null when a signal ended it). */
export async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}
