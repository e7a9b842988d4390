import { describe, expect, it } from 'vitest';
import { canonicalZone, nextSlotChange, openSlots, type Availability } from '../../../src/demos/slots.ts';

const weekdays = (starts: string, ends: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts, ends }));

const team = (zone: string, extra: Partial<Availability> = {}): Availability => ({
  zone,
  hours: weekdays('09:00', '17:00'),
  hosts: ['sales'],
  busy: [],
  ...extra,
});

const iso = (slots: { start: Date }[]) => slots.map((slot) => slot.start.toISOString());

describe('open demo slots', () => {
  it('offers 16 half-hour slots each weekday from 09:00 to 17:00 in Lagos, none at the weekend', () => {
    // Monday 2026-11-23, 00:00 in Lagos (UTC+1).
    const slots = openSlots(team('Africa/Lagos'), new Date('2026-11-22T23:00:00Z'));
    const monday = iso(slots).filter((start) => start.startsWith('2026-11-23'));
    expect(monday).toHaveLength(16);
    expect(monday[0]).toBe('2026-11-23T08:00:00.000Z');
    expect(monday.at(-1)).toBe('2026-11-23T15:30:00.000Z');
    expect(iso(slots).some((start) => start.startsWith('2026-11-28') || start.startsWith('2026-11-29'))).toBe(false);
    // Ten weekdays in 14 days.
    expect(slots).toHaveLength(160);
  });

  it('keeps 09:00 in London on both sides of the change to summer time', () => {
    // Friday 2026-03-27 (GMT) and Monday 2026-03-30 (BST, after the clocks went forward on the 29th).
    const slots = iso(openSlots(team('Europe/London'), new Date('2026-03-26T12:00:00Z')));
    expect(slots).toContain('2026-03-27T09:00:00.000Z');
    expect(slots).not.toContain('2026-03-27T08:00:00.000Z');
    expect(slots).toContain('2026-03-30T08:00:00.000Z');
    expect(slots).not.toContain('2026-03-30T16:00:00.000Z');
    expect(slots.filter((start) => start.startsWith('2026-03-30'))).toHaveLength(16);
  });

  it('skips the wall times the change to summer time removes', () => {
    const sunday = { weekday: 7, starts: '00:30', ends: '03:00' };
    const slots = iso(openSlots(team('Europe/London', { hours: [sunday] }), new Date('2026-03-28T00:00:00Z')));
    // 00:30 GMT exists; 01:00–02:00 local does not; 02:00 and 02:30 are BST. A week on, all five are BST.
    expect(slots).toEqual([
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-04-04T23:30:00.000Z',
      '2026-04-05T00:00:00.000Z',
      '2026-04-05T00:30:00.000Z',
      '2026-04-05T01:00:00.000Z',
      '2026-04-05T01:30:00.000Z',
    ]);
  });

  it('reads Nairobi hours at UTC+3 all year', () => {
    for (const now of ['2026-01-05T00:00:00Z', '2026-07-06T00:00:00Z']) {
      const first = openSlots(team('Africa/Nairobi'), new Date(now))[0];
      expect(first?.start.toISOString()).toBe(`${now.slice(0, 10)}T06:00:00.000Z`);
    }
  });

  it('starts no sooner than the notice, and never in the past', () => {
    // Monday 10:10 in Lagos: 12:10 is the earliest start, so 12:30 is the first slot.
    const now = new Date('2026-11-23T09:10:00Z');
    expect(openSlots(team('Africa/Lagos'), now)[0]?.start.toISOString()).toBe('2026-11-23T11:30:00.000Z');
    expect(openSlots(team('Africa/Lagos'), now, { noticeMinutes: 0 })[0]?.start.toISOString()).toBe(
      '2026-11-23T09:30:00.000Z',
    );
  });

  it('ends 14 days from now', () => {
    const now = new Date('2026-11-23T09:10:00Z');
    const slots = openSlots(team('Africa/Lagos'), now);
    expect(slots.at(-1)?.start.toISOString()).toBe('2026-12-07T09:00:00.000Z');
  });

  it('leaves out blocked time, for one host or for everyone', () => {
    const now = new Date('2026-11-22T23:00:00Z');
    const dayOff = { hostId: null, start: new Date('2026-11-23T23:00:00Z'), end: new Date('2026-11-24T23:00:00Z') };
    const slots = iso(openSlots(team('Africa/Lagos', { busy: [dayOff] }), now));
    expect(slots.some((start) => start.startsWith('2026-11-24'))).toBe(false);
    const lunch = { hostId: 'sales', start: new Date('2026-11-23T11:15:00Z'), end: new Date('2026-11-23T12:00:00Z') };
    const around = iso(openSlots(team('Africa/Lagos', { busy: [lunch] }), now));
    expect(around).toContain('2026-11-23T10:30:00.000Z');
    expect(around).not.toContain('2026-11-23T11:00:00.000Z');
    expect(around).not.toContain('2026-11-23T11:30:00.000Z');
    expect(around).toContain('2026-11-23T12:00:00.000Z');
  });

  it('offers a slot while any host is free, naming only the free ones', () => {
    const now = new Date('2026-11-22T23:00:00Z');
    const booked = { hostId: 'ada', start: new Date('2026-11-23T08:00:00Z'), end: new Date('2026-11-23T08:30:00Z') };
    const slots = openSlots(team('Africa/Lagos', { hosts: ['ada', 'bola'], busy: [booked] }), now);
    expect(slots[0]).toEqual({ start: new Date('2026-11-23T08:00:00Z'), hostIds: ['bola'] });
    expect(slots[1]?.hostIds).toEqual(['ada', 'bola']);
    const both = [booked, { ...booked, hostId: 'bola' }];
    expect(iso(openSlots(team('Africa/Lagos', { hosts: ['ada', 'bola'], busy: both }), now))).not.toContain(
      '2026-11-23T08:00:00.000Z',
    );
  });

  it('offers nothing without a host', () => {
    expect(openSlots(team('Africa/Lagos', { hosts: [] }), new Date('2026-11-22T23:00:00Z'))).toEqual([]);
  });
});

describe('when the slots on offer next change with time', () => {
  const lagos = (now: Date, noticeMinutes = 120) => iso(openSlots(team('Africa/Lagos'), now, { noticeMinutes }));

  it('is just past the next half hour, when the notice is a whole number of half hours', () => {
    const at = nextSlotChange(new Date('2026-11-23T08:10:00Z'), 'Africa/Lagos');
    expect(at.toISOString()).toBe('2026-11-23T08:30:00.001Z');
    expect(lagos(new Date(at.getTime() - 1))[0]).toBe('2026-11-23T10:30:00.000Z');
    expect(lagos(at)[0]).toBe('2026-11-23T11:00:00.000Z');
  });

  it('is when the nearest slot leaves, for a notice of 45 minutes', () => {
    // 08:10 UTC: the 09:00 slot leaves just after 08:15, before the horizon's next step at 08:30.
    const at = nextSlotChange(new Date('2026-11-23T08:10:00Z'), 'Africa/Lagos', { noticeMinutes: 45 });
    expect(at.toISOString()).toBe('2026-11-23T08:15:00.001Z');
    expect(lagos(new Date(at.getTime() - 1), 45)[0]).toBe('2026-11-23T09:00:00.000Z');
    expect(lagos(at, 45)[0]).toBe('2026-11-23T09:30:00.000Z');
  });

  it('follows wall time in a zone a quarter hour off the hour (Kathmandu, UTC+5:45)', () => {
    expect(nextSlotChange(new Date('2026-11-23T08:10:00Z'), 'Asia/Kathmandu').toISOString()).toBe(
      '2026-11-23T08:15:00.001Z',
    );
  });
});

describe('time zone names', () => {
  it.each([
    ['Africa/Lagos', 'Africa/Lagos'],
    ['europe/london', 'Europe/London'],
    ['Africa/Nairobi', 'Africa/Nairobi'],
    ['UTC', 'UTC'],
    ['+03:00', undefined],
    ['UTC+3', undefined],
    ['Mars/Olympus_Mons', undefined],
    ['../../etc/passwd', undefined],
    ['', undefined],
  ])('reads %j as %j', (zone, name) => {
    expect(canonicalZone(zone)).toBe(name);
  });
});
