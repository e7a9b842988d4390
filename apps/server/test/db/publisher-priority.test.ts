import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { commandEnv, exitCode } from '@growmail/test-support/process';

const directory = mkdtempSync(join(tmpdir(), 'gm-publisher-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A process's nice value, from /proc (field 19 of its stat). */
const niceOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);

describe('the publisher on a machine it shares with the servers (D45)', () => {
  it('runs at the lowest priority (its builds, its children, inherit it)', { timeout: 30_000 }, async () => {
    // A checkout in small: a Git repository with one commit; no publish waits.
    const site = join(directory, 'checkout');
    const git = (...args: string[]) => execFileSync('git', ['-C', site, ...args]);
    execFileSync('git', ['init', '--quiet', '--initial-branch', 'release', site]);
    git(
      '-c',
      'user.name=Release',
      '-c',
      'user.email=r@x.invalid',
      'commit',
      '--quiet',
      '--allow-empty',
      '-m',
      'Released',
    );
    const child = spawn(process.execPath, [fileURLToPath(new URL('../../src/publisher/main.ts', import.meta.url))], {
      env: commandEnv({ DATABASE_URL: `sqlite:${join(directory, 'db.sqlite')}`, PUBLISHER_SITE: site }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // Not inherited from this test, which runs above it.
      expect(niceOf(process.pid)).toBeLessThan(19);
      // Waiting for a publish: on the content branch it made, at nice 19.
      const started = Date.now();
      while (git('branch', '--show-current').toString().trim() !== 'content') {
        expect(child.exitCode, output).toBeNull();
        expect(Date.now() - started, output).toBeLessThan(20_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(niceOf(child.pid!)).toBe(19);
    } finally {
      child.kill('SIGTERM');
      await exitCode(child);
    }
  });
});
