import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { people } from '../../src/cli/people.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase } from '../../src/db/index.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';
import { createSchema, testDatabases } from '@growmail/test-support/databases';
import { dataAccess } from '../../src/repositories/index.ts';
import { commandEnv } from '@growmail/test-support/process';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const file = fileURLToPath(new URL('../../src/cli/people.ts', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'gm-people-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const freshSqlite = () => `sqlite:${join(mkdtempSync(join(directory, 'db-')), 'db.sqlite')}`;

/** `npm run people` as a process, with only PATH and the variables given. */
async function cli(args: string[], databaseUrl: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, [file, ...args], {
      env: commandEnv({ DATABASE_URL: databaseUrl }),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout: string; stderr: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run people, its command line', { timeout: 30_000 }, () => {
  it.each([[['--help']], [['-h']], [['erase', '--email', 'ada@example.com', '--help']]])(
    '%j prints the usage and exits 0, touching no database',
    async (args) => {
      const url = freshSqlite();
      expect(await cli(args, url)).toEqual({ code: 0, stdout: `${people.usage}\n`, stderr: '' });
      expect(existsSync(url.slice('sqlite:'.length))).toBe(false);
    },
  );

  it.each([
    [[], 'Missing command: say export or erase.'],
    [['forget', '--email', 'ada@example.com'], "Unknown command 'forget': say export or erase."],
    [['export'], 'export needs --email.'],
    [['erase', 'ada@example.com'], "Unexpected argument 'ada@example.com'."],
    [['erase', '--email'], "Option '--email <value>' argument missing"],
    [['erase', '--email', 'ada@'], "--email must be an email address (got 'ada@')."],
    [['export', '--email', 'ada@example.com', '--mail', 'x'], "Unknown option '--mail'."],
  ])('%j says what is wrong, shows the usage and exits 2', async (args, line) => {
    const url = freshSqlite();
    expect(await cli(args, url)).toEqual({ code: 2, stdout: '', stderr: `people: ${line}\n\n${people.usage}\n` });
    expect(existsSync(url.slice('sqlite:'.length))).toBe(false);
  });

  it('runs as an npm script', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'people', '--', '--help'], { cwd: root });
    expect(stdout).toBe(`${people.usage}\n`);
  });
});

const databases = [
  { name: 'sqlite', make: async () => ({ url: freshSqlite(), drop: async () => {} }) },
  ...((await testDatabases()).some((database) => database.name === 'postgres')
    ? [{ name: 'postgres', make: () => createSchema('people_cli') }]
    : []),
];

describe.each(databases)('npm run people on $name', ({ make }) => {
  it('exports an address’s data as JSON, erases it, and exports nothing after', { timeout: 30_000 }, async () => {
    const { url, drop } = await make();
    try {
      const db = openDatabase(url);
      await migrateToLatest(db.kysely);
      await db.kysely.transaction().execute(async (trx) => {
        const config = loadConfig({});
        const fields = { fullname: 'Ada Lovelace', subject: 'Pricing', body: 'Agencies?' };
        await storeLead(dataAccess(db), trx, config, 'enquiry', 'Ada@Example.com', {
          ...fields,
          email: 'Ada@Example.com',
        });
        await storeLead(dataAccess(db), trx, config, 'enquiry', 'grace@example.com', {
          ...fields,
          email: 'grace@example.com',
        });
      });
      await db.close();

      const exported = await cli(['export', '--email', 'ADA@example.com'], url);
      expect(exported).toMatchObject({ code: 0, stderr: '' });
      const data = JSON.parse(exported.stdout);
      expect(data).toMatchObject({
        email: 'ada@example.com',
        suppressed: false,
        leads: [{ email: 'Ada@Example.com' }],
      });
      expect(data.mail).toHaveLength(2); // the mail to sales and the acknowledgement
      expect(data.notes.submissions).toMatch(/no address/);

      const erased = await cli(['erase', '--email', 'ada@example.com'], url);
      expect(erased).toMatchObject({ code: 0, stderr: '' });
      expect(erased.stdout).toMatch(/^Erased ada@example\.com\. Rows deleted:\n/);
      expect(erased.stdout).toMatch(/^ {2}leads {15}1$/m);
      expect(erased.stdout).toMatch(/^ {2}outbox {14}2$/m);
      expect(erased.stdout).toMatch(/^ {2}contacts {12}0$/m);
      expect(erased.stdout).toContain('suppression list');

      const after = JSON.parse((await cli(['export', '--email', 'ada@example.com'], url)).stdout);
      expect(after).toMatchObject({ suppressed: true, contacts: [], leads: [], mail: [], webhook_events: [] });
      const other = JSON.parse((await cli(['export', '--email', 'grace@example.com'], url)).stdout);
      expect(other.leads).toHaveLength(1);
      const audited = openDatabase(url);
      try {
        const rows = await dataAccess(audited).audit.forRecord('person', 'erased');
        expect(rows.map((row) => [row.action, row.member_name, row.method])).toEqual([
          ['person.erased', 'npm run people', 'command'],
        ]);
      } finally {
        await audited.close();
      }
    } finally {
      await drop();
    }
  });
});
