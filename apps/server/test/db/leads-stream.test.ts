import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchema, testDatabases } from '@growmail/test-support/databases';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { leadReport } from '../../src/submissions/lead-report.ts';
import { quarantineReport } from '../../src/submissions/quarantine.ts';
import { commandEnv } from '@growmail/test-support/process';

/** Enough rows to fill the pipe many times over and several of PostgreSQL's stream batches; few enough to seed in a moment. */
const count = 3000;
const leadsCli = fileURLToPath(new URL('../../src/cli/leads.ts', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'gm-leads-stream-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** `count` enquiries a second apart, the newest numbered 0, and 60 held submissions. */
async function seed(db: Db) {
  const at = (index: number) => new Date(Date.UTC(2026, 5, 1) - index * 1000).toISOString();
  for (let start = 0; start < count; start += 500) {
    const leads = Array.from({ length: 500 }, (_, offset) => {
      const index = start + offset;
      const email = `person${index}@example.com`;
      const metadata = { fullname: `Person ${index}`, email, subject: 'Prices', body: 'How much?' };
      return { id: `lead-${index}`, type: 'enquiry', email, metadata: JSON.stringify(metadata), created_at: at(index) };
    });
    await db.kysely.insertInto('leads').values(leads).execute();
  }
  const held = Array.from({ length: 60 }, (_, index) => ({
    id: `held-${index}`,
    form: 'enquiry',
    email: `bot${index}@example.com`,
    fields: JSON.stringify({ fullname: `Bot ${index}` }),
    reasons: JSON.stringify(['honeypot']),
    created_at: at(index),
  }));
  await db.kysely.insertInto('quarantine').values(held).execute();
}

/** A database file, or a PostgreSQL schema, that a child process reaches by URL. */
async function sharedDatabases() {
  const sqliteUrl = `sqlite:${join(directory, 'db.sqlite')}`;
  const stores = [{ name: 'sqlite', url: sqliteUrl, drop: async () => {} }];
  if ((await testDatabases()).some((database) => database.name === 'postgres')) {
    const schema = await createSchema('leads_stream');
    stores.push({ name: 'postgres', url: schema.url, drop: schema.drop });
  }
  return stores;
}

const lines = (output: string) => output.trimEnd().split('\n');

describe.each(await sharedDatabases())('the leads of a large table on $name', ({ url, drop }) => {
  let db: Db;
  let data: DataAccess;
  beforeAll(async () => {
    db = openDatabase(url);
    await migrateToLatest(db.kysely);
    await seed(db);
    data = dataAccess(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  it.each(['csv', 'json'] as const)(
    'exports as %s the first lead before the last is read from the database',
    async (format) => {
      let read = 0;
      const counting = {
        leads: {
          ...data.leads,
          async *stream(filter: Parameters<DataAccess['leads']['stream']>[0]) {
            for await (const row of data.leads.stream(filter)) {
              read++;
              yield row;
            }
          },
        },
      };
      const pieces = leadReport(counting, { format })[Symbol.asyncIterator]();
      let printed = '';
      while (!printed.includes('lead-0')) printed += String((await pieces.next()).value);
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThan(count);
      // Stopping early closes the database's stream, so the next query runs.
      await pieces.return?.(undefined);
      expect(await data.leads.list({ limit: 1 })).toHaveLength(1);
    },
  );

  it('exports every lead', async () => {
    const csv = await text(leadReport(data, { format: 'csv' }));
    expect(lines(csv)).toHaveLength(count + 1);
    expect(lines(csv)[count]).toMatch(new RegExp(`^"lead-${count - 1}","enquiry"`));
  });

  it('ends `export | head -1` with exit code 0 and nothing on stderr', { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, [leadsCli, 'export'], {
      env: commandEnv({ DATABASE_URL: url }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [first] = (await once(child.stdout, 'data')) as [Buffer];
    // What head does after its first line: close the pipe while the export has more to write.
    child.stdout.destroy();
    const [code] = (await once(child, 'exit')) as [number];
    expect(first.toString()).toMatch(/^"id","type","email","language","created_at",/);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('lists the newest 50 leads by default, N with --limit, and every one with --all', async () => {
    const table = (limit?: number | 'all') =>
      text(leadReport(data, { format: 'table', ...(limit === undefined ? {} : { limit }) }));
    const rows = (output: string) => lines(output).filter((line) => line.includes('@example.com'));

    const newest = await table(50);
    expect(rows(newest)).toHaveLength(50);
    expect(rows(newest)[0]).toContain('person0@example.com');
    expect(newest).toMatch(/The newest 50 leads; more with --limit N or --all\n$/);
    expect(rows(await table(3))).toHaveLength(3);
    const all = await table('all');
    expect(rows(all)).toHaveLength(count);
    expect(rows(all).at(-1)).toContain(`person${count - 1}@example.com`);
    expect(all).toMatch(new RegExp(`\n${count} leads\n$`));
  });

  it('lists the newest 50 held submissions by default, N with --limit, and every one with --all', async () => {
    const held = async (limit: number | 'all') =>
      lines(await text(quarantineReport(data, limit))).filter((line) => /^held-\d+ /.test(line));
    expect(await held(50)).toHaveLength(50);
    expect((await held(50))[0]).toMatch(/^held-0 /);
    expect(await held(3)).toHaveLength(3);
    expect(await held('all')).toHaveLength(60);
    expect(await text(quarantineReport(data, 3))).toMatch(/\n\nThe newest 3 held submissions, more with --limit/);
  });
});
