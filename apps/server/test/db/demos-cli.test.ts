import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDemosArgs, runDemos } from '../../src/cli/demos.ts';
import { UsageError } from '../../src/cli/run.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { currentSlots } from '../../src/demos/availability.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { testDatabases } from '@growmail/test-support/databases';

const config = loadConfig({ LOG_LEVEL: 'silent' });
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const exec = promisify(execFile);
// Monday 2026-11-23, 00:00 in Lagos.
const monday = new Date('2026-11-22T23:00:00Z');

describe('the demos command line', () => {
  it.each([
    [['hours'], { command: 'hours' }],
    [
      ['hours', 'set', 'mon-fri', '09:00-17:00', '--zone', 'europe/london'],
      { command: 'hours', set: { hours: 'mon-fri 09:00-17:00', zone: 'europe/london' } },
    ],
    [['block'], { command: 'block', action: 'list' }],
    [
      ['block', 'add', '2026-12-24', '2026-12-26', '--reason', 'Christmas'],
      {
        command: 'block',
        action: 'add',
        dayOff: { from: '2026-12-24', to: '2026-12-26', fromTime: '', toTime: '', reason: 'Christmas' },
      },
    ],
    [
      ['block', 'add', '2026-12-24T12:00', '2026-12-24T14:00'],
      {
        command: 'block',
        action: 'add',
        dayOff: { from: '2026-12-24', to: '2026-12-24', fromTime: '12:00', toTime: '14:00' },
      },
    ],
    [
      ['hosts', 'add', 'ada', '--name', 'Ada Obi'],
      { command: 'hosts', action: 'add', host: { id: 'ada', name: 'Ada Obi' } },
    ],
    [['list', '--format', 'csv'], { command: 'list', format: 'csv' }],
    [['cancel', 'abc'], { command: 'cancel', id: 'abc' }],
  ])('reads %j', (argv, args) => {
    expect(parseDemosArgs(argv)).toEqual(args);
  });

  it.each([
    [[]],
    [['book']],
    [['hours', 'set']],
    [['block', 'add', '24/12/2026']],
    [['block', 'add', '2026-12-24T12:00']],
    [['block', 'add', '2026-12-24', '--zone', 'UTC']],
    [['hosts', 'add', 'Ada', '--name', 'Ada']],
    [['hosts', 'add', 'ada']],
    [['hosts', 'add', 'ada', '--name', 'Ada', '--email', 'not-an-address']],
    [['list', '--format', 'xml']],
    [['cancel']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseDemosArgs(argv)).toThrow(UsageError);
  });
});

describe.each(await testDatabases())('keeping demo availability on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());
  const demos = (...argv: string[]) => runDemos(parseDemosArgs(argv), dataAccess(db), config, monday);

  it('sets the week in a zone, and offers slots from it', async () => {
    expect(await demos('hours')).toContain('Hours in Africa/Lagos:\nmon  09:00-17:00\n');
    await demos(
      'hours',
      'set',
      'mon-fri',
      '09:00-12:00',
      '13:00-17:00',
      'sat',
      '10:00-12:00',
      '--zone',
      'Europe/London',
    );
    expect(await demos('hours')).toBe(
      'Hours in Europe/London:\n' +
        ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => `${day}  09:00-12:00 13:00-17:00\n`).join('') +
        'sat  10:00-12:00\n',
    );
    const slots = (await currentSlots(dataAccess(db).demos, monday)).map((slot) => slot.start.toISOString());
    expect(slots).toContain('2026-11-23T11:30:00.000Z');
    expect(slots).not.toContain('2026-11-23T12:00:00.000Z');
    expect(slots).toContain('2026-11-28T10:00:00.000Z');
    // A later change keeps the zone when none is given.
    await demos('hours', 'set', 'mon-fri', '09:00-17:00');
    expect(await demos('hours')).toContain('Hours in Europe/London:');
    // The console's form refuses these in the same words (apps/server/src/demos/availability-changes.ts).
    await expect(demos('hours', 'set', 'mon-fri', '09:00-17:00', '--zone', '+01:00')).rejects.toThrow(
      "Give an IANA time zone such as Africa/Lagos, or a city, not '+01:00'.",
    );
    await expect(demos('hours', 'set', 'mon-fri', '17:00-09:00')).rejects.toThrow('17:00-09:00 ends before it starts.');
  });

  it('adds hosts, blocks a host or everyone, and removes both', async () => {
    await demos('hosts', 'add', 'ada', '--name', 'Ada Obi', '--email', 'ada@growmail.io');
    expect(await demos('hosts')).toMatch(/sales +Sales team +\(the sales inbox\)\nada +Ada Obi +ada@growmail\.io\n/);
    const saved = await demos('block', 'add', '2026-11-24', '--host', 'ada', '--reason', 'Leave');
    const id = /: (\S+)\n$/.exec(saved)?.[1];
    expect(saved).toContain('Blocked 2026-11-24T00:00:00.000Z to 2026-11-25T00:00:00.000Z for ada');
    const tuesday = (await currentSlots(dataAccess(db).demos, monday)).find((slot) =>
      slot.start.toISOString().startsWith('2026-11-24T09'),
    );
    expect(tuesday?.hostIds).toEqual(['sales']);
    expect(await demos('block')).toMatch(/2026-11-24 00:00 +2026-11-25 00:00 +ada +Leave/);
    await expect(demos('block', 'add', '2026-11-24', '--host', 'nobody')).rejects.toThrow(/No host/);
    expect(await demos('block', 'remove', id!)).toBe(`Removed block ${id}.\n`);
    expect(await demos('block')).toBe('No blocks to come.\n');
    expect(await demos('hosts', 'remove', 'ada')).toBe('Removed host ada.\n');
    await expect(demos('hosts', 'remove', 'ada')).rejects.toThrow(/No host/);
  });

  it('lists upcoming demos as a table and as escaped CSV, and cancels one', async () => {
    const data = dataAccess(db);
    const start = new Date('2026-11-24T09:00:00Z');
    const id = await data.demos.take({
      hostId: 'sales',
      start,
      end: new Date(start.getTime() + 1_800_000),
      leadId: null,
      email: 'grace@compile.example',
      name: '=HYPERLINK("http://evil.example")',
      zone: 'Africa/Nairobi',
    });
    const table = await demos('list');
    expect(table).toMatch(/Tue 24 Nov 09:00 +sales +=HYPERLINK\("http:\/\/evil\.example"\) +grace@compile\.example/);
    expect(table).toContain('Tue 24 Nov 12:00 Africa/Nairobi');
    expect(table).toMatch(/1 demo\n$/);
    const csv = await demos('list', '--format', 'csv');
    expect(csv.split('\n')[1]).toBe(
      `"${id}","2026-11-24T09:00:00.000Z","2026-11-24T09:30:00.000Z","sales","'=HYPERLINK(""http://evil.example"")","grace@compile.example","Africa/Nairobi","",` +
        `"${(await data.demos.booking(id!))?.created_at}"`,
    );
    await expect(demos('hosts', 'remove', 'sales')).rejects.toThrow('sales has demos to come');
    expect(await demos('cancel', id!)).toBe(`Cancelled ${id}.\n`);
    await expect(demos('cancel', id!)).rejects.toThrow('it is unknown, cancelled or past');
    expect((await data.audit.forRecord('demo', id!)).map((row) => [row.action, row.member_name, row.method])).toEqual([
      ['demo.cancelled', 'npm run demos', 'command'],
    ]);
    expect(await demos('list')).toBe('No upcoming demos.\n');
    expect(await demos('hosts', 'remove', 'sales')).toBe('Removed host sales.\n');
    expect(await demos('hosts')).toBe('No hosts: no demo slots are offered.\n');
  });
});

describe('npm run demos', () => {
  it('keeps what it is told in the database the server reads, and says what went wrong in one line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'demos-cli-')), 'db.sqlite');
    const env = { ...process.env, DATABASE_URL: `sqlite:${file}` };
    const npm = (...argv: string[]) => exec('npm', ['run', '--silent', 'demos', '--', ...argv], { cwd: root, env });
    await npm('hours', 'set', 'mon-thu', '10:00-16:00', '--zone', 'Africa/Nairobi');
    expect((await npm('hours')).stdout).toBe(
      'Hours in Africa/Nairobi:\nmon  10:00-16:00\ntue  10:00-16:00\nwed  10:00-16:00\nthu  10:00-16:00\n',
    );
    const failed = await npm('cancel', 'nope').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toBe(
      'demos: No upcoming booking has the id nope: it is unknown, cancelled or past.\n',
    );
    // Three npm processes, each starting Node: seconds on a busy machine.
  }, 30_000);
});
