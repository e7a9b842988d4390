import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/index.ts';
import { currentSlots } from '../../src/demos/availability.ts';
import { takeSlot, type Booker } from '../../src/demos/take-slot.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { createSchema, testDatabases } from '@growmail/test-support/databases';

const weekdays = (starts: string, ends: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts, ends }));
const booker = (n: number): Booker => ({
  email: `p${n}@example.com`,
  name: `Prospect ${n}`,
  zone: 'Africa/Nairobi',
  leadId: null,
});
const iso = (slots: { start: Date }[]) => slots.map((slot) => slot.start.toISOString());

// Monday 2026-11-23, 00:00 in Lagos.
const monday = new Date('2026-11-22T23:00:00Z');
const nineLagos = new Date('2026-11-23T08:00:00Z');

describe.each(await testDatabases())('demo slots on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());
  const data = () => dataAccess(db);
  const book = (start: Date, n: number, now = monday) =>
    db.kysely.transaction().execute((trx) => takeSlot(data(), trx, start, booker(n), now));

  beforeEach(async () => {
    await db.kysely.deleteFrom('demo_bookings').execute();
    await db.kysely.deleteFrom('demo_blocks').execute();
    await db.kysely.deleteFrom('demo_hosts').where('id', '!=', 'sales').execute();
    await data().demos.replaceHours('Africa/Lagos', weekdays('09:00', '17:00'));
  });

  it('offers a fresh install weekday slots from 09:00 to 17:00 in Lagos with the sales inbox', async () => {
    const fresh = await open();
    try {
      expect(await dataAccess(fresh).demos.hosts()).toEqual([expect.objectContaining({ id: 'sales', email: null })]);
      const slots = await currentSlots(dataAccess(fresh).demos, monday);
      expect(slots).toHaveLength(160);
      expect(slots[0]).toEqual({ start: nineLagos, hostIds: ['sales'] });
    } finally {
      await fresh.close();
    }
  });

  it('keeps 09:00 London across the change to summer time, and Nairobi at UTC+3', async () => {
    await data().demos.replaceHours('Europe/London', weekdays('09:00', '17:00'));
    const london = iso(await currentSlots(data().demos, new Date('2026-03-26T12:00:00Z')));
    expect(london).toContain('2026-03-27T09:00:00.000Z');
    expect(london).toContain('2026-03-30T08:00:00.000Z');
    expect(london).not.toContain('2026-03-30T16:00:00.000Z');
    await data().demos.replaceHours('Africa/Nairobi', weekdays('09:00', '17:00'));
    const nairobi = iso(await currentSlots(data().demos, new Date('2026-03-26T12:00:00Z')));
    expect(nairobi).toContain('2026-03-27T06:00:00.000Z');
    expect(nairobi).toContain('2026-03-30T06:00:00.000Z');
    expect(nairobi).not.toContain('2026-03-30T14:00:00.000Z');
  });

  it('keeps the notice, and leaves out blocks', async () => {
    const now = new Date('2026-11-23T09:10:00Z');
    expect((await currentSlots(data().demos, now))[0]?.start.toISOString()).toBe('2026-11-23T11:30:00.000Z');
    await data().demos.addBlock({
      hostId: null,
      start: new Date('2026-11-23T11:00:00Z'),
      end: new Date('2026-11-24T23:00:00Z'),
      reason: 'Away day',
    });
    expect((await currentSlots(data().demos, now))[0]?.start.toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });

  it('gives one host a slot once, and the second host the next taker', async () => {
    const first = await book(nineLagos, 1);
    expect(first).toMatchObject({ taken: true, hostId: 'sales' });
    expect(iso(await currentSlots(data().demos, monday))).not.toContain(nineLagos.toISOString());
    expect(await book(nineLagos, 2)).toEqual({ taken: false, reason: 'gone' });

    await data().demos.saveHost({ id: 'ada', name: 'Ada', email: 'ada@growmail.io' });
    expect(await book(nineLagos, 2)).toMatchObject({ taken: true, hostId: 'ada' });
    expect(await book(nineLagos, 3)).toEqual({ taken: false, reason: 'gone' });
    expect((await data().demos.upcoming(monday)).map((row) => [row.host_id, row.email])).toEqual([
      ['ada', 'p2@example.com'],
      ['sales', 'p1@example.com'],
    ]);
  });

  it('refuses a time outside the hours, past, too soon, or off the half hour', async () => {
    const now = new Date('2026-11-23T09:10:00Z');
    for (const start of [
      '2026-11-23T07:30:00Z',
      '2026-11-23T08:00:00Z',
      '2026-11-23T10:30:00Z',
      '2026-11-23T12:10:00Z',
    ]) {
      expect(await book(new Date(start), 1, now)).toEqual({ taken: false, reason: 'unknown' });
    }
    expect(await data().demos.upcoming(monday)).toEqual([]);
  });

  it('lets the database refuse a second live booking of one host and start, whoever reads first', async () => {
    const slot = { hostId: 'sales', start: nineLagos, end: new Date(nineLagos.getTime() + 1_800_000) };
    expect(await data().demos.take({ ...slot, ...booker(1) })).toEqual(expect.any(String));
    expect(await data().demos.take({ ...slot, ...booker(2) })).toBeUndefined();
  });

  it('moves a booking, freeing the old slot as it takes the new one, and cancels it', async () => {
    const taken = await book(nineLagos, 1);
    if (!taken.taken) throw new Error('not taken');
    const later = new Date('2026-11-23T09:00:00Z');
    const end = new Date(later.getTime() + 1_800_000);
    expect(await data().demos.move(taken.bookingId, { hostId: 'sales', start: later, end })).toBe(true);
    const open = iso(await currentSlots(data().demos, monday));
    expect(open).toContain(nineLagos.toISOString());
    expect(open).not.toContain(later.toISOString());
    expect((await data().demos.booking(taken.bookingId))?.sequence).toBe(1);

    const other = await book(nineLagos, 2);
    if (!other.taken) throw new Error('not taken');
    await expect(data().demos.move(other.bookingId, { hostId: 'sales', start: later, end })).rejects.toThrow();
    expect((await data().demos.booking(other.bookingId))?.starts_at).toBe(nineLagos.toISOString());

    expect(await data().demos.cancel(taken.bookingId, monday)).toBe(true);
    expect(await data().demos.cancel(taken.bookingId, monday)).toBe(false);
    expect(await data().demos.move(taken.bookingId, { hostId: 'sales', start: later, end })).toBe(false);
    expect(iso(await currentSlots(data().demos, monday))).toContain(later.toISOString());
    // A booking that has started cannot be cancelled.
    expect(await data().demos.cancel(other.bookingId, new Date('2026-11-23T08:10:00Z'))).toBe(false);
  });
});

describe('a race for one slot on three servers sharing PostgreSQL', async () => {
  const postgres = (await testDatabases()).some((database) => database.name === 'postgres');
  it.skipIf(!postgres)('gives it to exactly one of 20 bookers per host', async () => {
    const schema = await createSchema('demo_race');
    const servers = [0, 1, 2].map(() => openDatabase(schema.url));
    try {
      await migrateToLatest(servers[0]!.kysely);
      await dataAccess(servers[0]!).demos.saveHost({ id: 'ada', name: 'Ada', email: 'ada@growmail.io' });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, n) => {
          const db = servers[n % 3]!;
          return db.kysely.transaction().execute((trx) => takeSlot(dataAccess(db), trx, nineLagos, booker(n), monday));
        }),
      );
      const winners = results.filter((result) => result.taken);
      expect(winners.map((winner) => winner.hostId).sort()).toEqual(['ada', 'sales']);
      expect(results.filter((result) => !result.taken)).toHaveLength(18);
      const rows = await dataAccess(servers[1]!).demos.upcoming(monday);
      expect(rows.map((row) => [row.host_id, row.starts_at])).toEqual([
        ['ada', nineLagos.toISOString()],
        ['sales', nineLagos.toISOString()],
      ]);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await schema.drop();
    }
  });
});
