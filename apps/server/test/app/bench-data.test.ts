import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { postgresUrl, testDatabases } from '@growmail/test-support/databases';
import { commandEnv } from '@growmail/test-support/process';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The operations the bench reports, each a row of its table. */
const operations = [
  'seed',
  'later migrations',
  'visits seeded over 90 days',
  'migrations on the visits',
  '`leads export --format csv` (CLI)',
  '`leads list` (CLI)',
  '`people export` (CLI)',
  '`people erase` (CLI)',
  'leads list, the query',
  'people export, the lookups',
  'people erase, the transaction',
  'one housekeeping round',
  'an enquiry form post',
  'the console: inbox and views, filtered page, searches by address, domain, name, number and part of an address, view counts',
  'the console: the Marketing page, 90 days',
];

// The bench's smallest size, so the script cannot rot between the runs that measure: a few
// seconds of child processes on an idle machine, given longer for a busy one. Its form post
// goes through the whole app, which renders with the build, as this project's tests do.
describe.each(await testDatabases())('npm run bench:data -- --quick on $name', ({ name }) => {
  it('seeds, runs every operation in a child and prints its table', { timeout: 180_000 }, async () => {
    const { stdout } = await run(process.execPath, ['scripts/bench-data.ts', '--quick', '--db', name], {
      cwd: root,
      env: commandEnv({ HOME: process.env.HOME, BENCH_DATABASE_URL: postgresUrl }),
    });
    expect(stdout).toContain(`## ${name}, 2,000 leads, 400 contacts`);
    const rows = stdout.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| operation'));
    expect(rows.map((row) => operations.findIndex((operation) => row.startsWith(`| ${operation}`)))).toEqual(
      operations.map((_, index) => index),
    );
    // The lookups found what the seed put there: the lead, and the mention in another lead's message.
    expect(stdout).toMatch(/\| people export, the lookups \| 1 lead, 0 contact, 1 mentions; median of 5 \|/);
    expect(stdout).toMatch(/\| one housekeeping round \| \d+ deleted in \d+ batches/);
    expect(stdout).toMatch(/`leads export --format csv` \(CLI\) \| 2,000 leads/);
    expect(stdout).toMatch(
      /\| the console: inbox .* \| inbox [\d.]+ ms \([\d.]+ ms CPU\), mine [\d.]+ ms .*, filtered [\d.]+ ms .*, address [\d.]+ ms .*, domain [\d.]+ ms .*, name [\d.]+ ms .*, phone [\d.]+ ms .*, national [\d.]+ ms .*, view counts [\d.]+ ms; medians of 5 \|/,
    );
    // Ten visits a lead over 90 days, every one of them on the page.
    expect(stdout).toMatch(
      /\| the console: the Marketing page, 90 days \| 20,000 visits in 90 days; median of 5, [\d.]+ ms CPU \|/,
    );
  });
});
