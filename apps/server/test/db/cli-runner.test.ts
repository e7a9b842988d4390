import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { leads } from '../../src/cli/leads.ts';
import { push } from '../../src/cli/push.ts';
import { unsubscribeLink } from '../../src/cli/unsubscribe-link.ts';
import { commandEnv } from '@growmail/test-support/process';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'gm-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
// A SQLite database that cannot open: a regular file stands where its folder would be made.
writeFileSync(join(directory, 'a-file'), '');
const unopenable = `sqlite:${join(directory, 'a-file', 'db.sqlite')}`;

const commands = { leads, push, 'unsubscribe-link': unsubscribeLink };
type Name = keyof typeof commands;

/**
 * Runs one of the server's command-line tools as `npm run` does, with only PATH and the
 * variables given, against a fresh SQLite file unless DATABASE_URL is given.
 */
async function cli(name: Name, args: string[], env: Record<string, string> = {}) {
  const file = fileURLToPath(new URL(`../../src/cli/${name}.ts`, import.meta.url));
  const database = join(mkdtempSync(join(directory, `${name}-`)), 'db.sqlite');
  try {
    const { stdout, stderr } = await run(process.execPath, [file, ...args], {
      env: commandEnv({ DATABASE_URL: `sqlite:${database}`, ...env }),
    });
    return { code: 0, stdout, stderr, database };
  } catch (error) {
    const failed = error as { code?: unknown; stdout: string; stderr: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr, database };
  }
}

describe('every command-line tool', { timeout: 30_000 }, () => {
  it.each([
    ['leads', ['--help']],
    ['leads', ['-h']],
    ['leads', ['export', '--type', 'demo', '--help']],
    ['leads', ['--bogus', '-h']],
    ['push', ['--help']],
    ['push', ['send', '-h']],
    ['unsubscribe-link', ['--help']],
    ['unsubscribe-link', ['-h']],
  ] satisfies [Name, string[]][])('%s %j prints its usage and exits 0, touching no database', async (name, args) => {
    // Asking for help needs no database, so one that cannot open changes nothing.
    const result = await cli(name, args, { DATABASE_URL: unopenable });
    expect(result).toMatchObject({ code: 0, stdout: `${commands[name].usage}\n`, stderr: '' });
    expect(result.stdout).toMatch(new RegExp(`^Usage:[^]*npm run ${name} -- `));
  });

  it.each([
    ['leads', [], 'Missing command: say list, export or quarantine.'],
    ['leads', ['show'], "Unknown command 'show': say list, export or quarantine."],
    ['leads', ['list', 'extra'], "Unexpected argument 'extra'."],
    ['leads', ['list', '--bogus'], "Unknown option '--bogus'."],
    ['leads', ['list', '-x'], "Unknown option '-x'."],
    ['leads', ['list', '--type'], "Option '--type <value>' argument missing"],
    ['leads', ['list', '--type', 'spam'], '--type must be one of demo, startup, savings, enquiry.'],
    ['leads', ['export', '--since', 'yesterday'], '--since must be a date such as 2026-01-31.'],
    ['leads', ['export', '--format', 'xml'], '--format must be csv or json.'],
    ['push', [], 'Missing command: say keys or send.'],
    ['push', ['ring'], "Unknown command 'ring': say keys or send."],
    ['push', ['keys', '--url', '/x'], 'keys takes no options (got --url).'],
    ['push', ['send', '--title', 'Hello'], 'send needs --title and --body.'],
    ['push', ['send', '--title', 'x'.repeat(121), '--body', 'y'], '--title is not accepted (at most 120 characters).'],
    ['push', ['send', '--title', 'Hello', '--body', 'y', '--tilte', 'x'], "Unknown option '--tilte'."],
    ['unsubscribe-link', [], 'Missing the email address.'],
    ['unsubscribe-link', ['a@example.com', 'b@example.com'], "Unexpected argument 'b@example.com'."],
    ['unsubscribe-link', ['a@example.com', '--lst', 'news'], "Unknown option '--lst'."],
  ] satisfies [Name, string[], string][])(
    '%s %j says what is wrong, shows the usage and exits 2',
    async (name, args, line) => {
      const result = await cli(name, args);
      expect(result).toMatchObject({ code: 2, stdout: '', stderr: `${name}: ${line}\n\n${commands[name].usage}\n` });
      // Nothing ran, so no database was made.
      expect(existsSync(result.database)).toBe(false);
    },
  );

  it('says in one line, without a stack, that the database cannot be reached, and exits 1', async () => {
    const result = await cli('leads', ['list'], { DATABASE_URL: 'postgres://127.0.0.1:1/test' });
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'leads: connect ECONNREFUSED 127.0.0.1:1\n' });

    const sqlite = await cli('unsubscribe-link', ['ada@example.com'], { DATABASE_URL: unopenable });
    expect(sqlite).toMatchObject({ code: 1, stdout: '' });
    expect(sqlite.stderr).toMatch(/^unsubscribe-link: E[A-Z]+: [^\n]+\n$/);
  });

  it('says a bad configuration without a stack and exits 1', async () => {
    const result = await cli('push', ['send', '--title', 'Hello', '--body', 'y'], { PORT: 'eighty' });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(/^push: Invalid configuration:\n {2}PORT [^\n]+\n$/);
  });

  it('says a failed run in one line, exits 1, and closes the database it opened', async () => {
    const result = await cli('unsubscribe-link', ['nobody@example.com']);
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'unsubscribe-link: nobody@example.com is not on the list newsletter.\n',
    });
    // SQLite removes the write-ahead log when the last connection closes; one left behind means the database was not closed.
    expect(existsSync(result.database)).toBe(true);
    expect(existsSync(`${result.database}-wal`)).toBe(false);
  });

  it('exits 0 after a run that works, and closes the database', async () => {
    const result = await cli('leads', ['list']);
    expect(result).toMatchObject({ code: 0, stdout: 'No leads.\n', stderr: '' });
    expect(existsSync(result.database)).toBe(true);
    expect(existsSync(`${result.database}-wal`)).toBe(false);
  });

  it('keeps the npm scripts and their arguments', async () => {
    const help = await run('npm', ['run', '--silent', 'push', '--', '--help'], { cwd: root });
    expect(help.stdout).toBe(`${push.usage}\n`);
    const env = { ...process.env, DATABASE_URL: `sqlite:${join(mkdtempSync(join(directory, 'npm-')), 'db.sqlite')}` };
    const listed = await run('npm', ['run', '--silent', 'leads', '--', 'list', '--type', 'demo'], { cwd: root, env });
    expect(listed.stdout).toBe('No leads.\n');
    await expect(
      run('npm', ['run', '--silent', 'unsubscribe-link', '--', '--lst', 'x'], { cwd: root, env }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("unsubscribe-link: Unknown option '--lst'.") });
  });
});
