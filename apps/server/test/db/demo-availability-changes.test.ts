import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import {
  addDayOff,
  removeDayOff,
  removeHost,
  saveHost,
  setHours,
  setWeek,
} from '../../src/demos/availability-changes.ts';
import { commandActor, type Actor } from '../../src/lib/actor.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { withAuditRefused } from '@growmail/test-support/audit';
import { testDatabases } from '@growmail/test-support/databases';

const ada: Actor = { memberId: null, name: 'Ada Obi', method: 'passkey' };
// Monday 2026-11-23, 00:00 in Lagos.
const monday = new Date('2026-11-22T23:00:00Z');

/** Everything the availability is: what a refused or undone change must leave as it was. */
const availability = async (data: DataAccess) => ({
  hours: await data.demos.hours(),
  hosts: await data.demos.hosts(),
  blocks: await data.demos.blocks(monday),
  version: await data.demos.availabilityVersion(),
});

describe.each(await testDatabases())('changing the demo availability on $name', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
  });
  afterAll(() => db?.close());

  beforeEach(async () => {
    await db.kysely.deleteFrom('team_audit').execute();
  });

  it('writes each change with its audit row, naming who made it', async () => {
    await setHours(data, { hours: 'mon-fri 09:00-12:00', zone: 'europe/london' }, ada);
    await saveHost(data, { id: 'ada', name: 'Ada Obi', email: 'ada@growmail.io' }, ada);
    const block = await addDayOff(
      data,
      { from: '2026-11-24', fromTime: '10:00', toTime: '11:00', host: 'ada' },
      ada,
      monday,
    );
    expect(block).toMatchObject({
      start: new Date('2026-11-24T10:00:00Z'),
      end: new Date('2026-11-24T11:00:00Z'),
      host: 'ada',
    });
    expect(await removeDayOff(data, (block as { id: string }).id, commandActor('demos'))).toBe(true);
    expect(await removeHost(data, 'ada', monday, commandActor('demos'))).toBe('removed');
    const rows = await data.audit.list(10);
    expect(rows.map((row) => [row.action, row.member_name]).sort()).toEqual(
      [
        ['demo.hours', 'Ada Obi'],
        ['demo.host-saved', 'Ada Obi'],
        ['demo.blocked', 'Ada Obi'],
        ['demo.unblocked', 'npm run demos'],
        ['demo.host-removed', 'npm run demos'],
      ].sort(),
    );
    expect(rows.find((row) => row.action === 'demo.hours')?.detail).toContain('Europe/London');
  });

  it('sets the week from the console’s rows, a day’s ranges each, in a zone named by its city', async () => {
    const week = [
      [
        { from: '09:00', to: '12:00' },
        { from: '13:00', to: '17:00' },
      ],
      [],
      [{ from: '', to: '' }],
      [],
      [{ from: '10:00', to: '16:00' }],
      [],
      [],
    ];
    expect(await setWeek(data, { zone: 'Dar es Salaam', week }, ada)).toMatchObject({ zone: 'Africa/Dar_es_Salaam' });
    expect(
      (await data.demos.hours()).map((span) => `${span.weekday} ${span.starts}-${span.ends} ${span.zone}`),
    ).toEqual([
      '1 09:00-12:00 Africa/Dar_es_Salaam',
      '1 13:00-17:00 Africa/Dar_es_Salaam',
      '5 10:00-16:00 Africa/Dar_es_Salaam',
    ]);
    const [row] = await data.audit.list(1);
    expect(JSON.parse(row!.detail)).toEqual({
      zone: 'Africa/Dar_es_Salaam',
      hours: 'mon 09:00-12:00 13:00-17:00 fri 10:00-16:00',
    });
    const before = await availability(data);
    // Each day's problem is its own; nothing is kept.
    const refused = await setWeek(
      data,
      { zone: 'Atlantis', week: [[{ from: '09:00', to: '08:00' }], [], [], [], [], [], [{ from: '9', to: '' }]] },
      ada,
    );
    expect(Object.keys((refused as { problems: object }).problems).sort()).toEqual(['mon', 'sun', 'zone']);
    expect(await availability(data)).toEqual(before);
    await withAuditRefused(db, () => setWeek(data, { zone: 'Lagos', week }, ada));
    expect(await availability(data)).toEqual(before);
  });

  it.each([
    [{ hours: 'mon-fri 17:00-09:00' }, 'hours', '17:00-09:00 ends before it starts.'],
    [{ hours: 'mon-fri 09:00-13:00 12:00-17:00' }, 'hours', 'overlaps'],
    [{ hours: 'someday 09:00-17:00' }, 'hours', "'someday' is neither days"],
    [{ hours: '09:00-17:00' }, 'hours', 'Say which days'],
    [{ hours: 'mon-fri 09:00-17:00', zone: '+01:00' }, 'zone', 'IANA time zone'],
  ])('refuses the hours %j by their field, and changes nothing', async (input, field, problem) => {
    const before = await availability(data);
    const result = await setHours(data, input, ada);
    expect(result).toEqual({ problems: { [field]: expect.stringContaining(problem) } });
    expect(await availability(data)).toEqual(before);
    expect(await data.audit.list(10)).toEqual([]);
  });

  it.each([
    [{ from: '2026-11-26', to: '2026-11-25' }, 'to'],
    [{ from: '2026-11-24', fromTime: '14:00', toTime: '12:00' }, 'toTime'],
    [{ from: '2026-02-30' }, 'from'],
    [{ from: '2026-11-24', host: 'nobody' }, 'host'],
  ])('refuses the time off %j by its field', async (input, field) => {
    const result = await addDayOff(data, input, ada, monday);
    expect(Object.keys((result as { problems: object }).problems)).toEqual([field]);
    expect(await data.demos.blocks(monday)).toEqual([]);
  });

  it('refuses time off on a day already past in the team’s zone, and takes today', async () => {
    const past = await addDayOff(data, { from: '2026-11-21' }, ada, monday);
    expect(past).toEqual({ problems: { from: '2026-11-21 has passed. Give today or a day to come.' } });
    expect(await data.demos.blocks(monday)).toEqual([]);
    expect(await addDayOff(data, { from: '2026-11-23' }, ada, monday)).toMatchObject({ host: null });
    await db.kysely.deleteFrom('demo_blocks').execute();
  });

  it('keeps no change whose audit row cannot be written', async () => {
    await saveHost(data, { id: 'kofi', name: 'Kofi', email: '' }, ada);
    const block = await addDayOff(data, { from: '2026-11-27' }, ada, monday);
    const before = await availability(data);
    const changes: (() => Promise<unknown>)[] = [
      () => setHours(data, { hours: 'sat 10:00-12:00' }, ada),
      () => saveHost(data, { id: 'wanjiru', name: 'Wanjiru' }, ada),
      () => addDayOff(data, { from: '2026-11-25' }, ada, monday),
      () => removeDayOff(data, (block as { id: string }).id, ada),
      () => removeHost(data, 'kofi', monday, ada),
    ];
    for (const change of changes) {
      await withAuditRefused(db, change);
      expect(await availability(data)).toEqual(before);
    }
  });
});
