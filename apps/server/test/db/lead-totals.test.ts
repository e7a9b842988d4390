import type { LeadKind } from '@growmail/contracts/form-names';
import type { LeadSource } from '@growmail/contracts/lead-source';
import { fixturesRepository } from '@growmail/test-support/fixtures';
import { testDatabases } from '@growmail/test-support/databases';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { migratorOf, type Db } from '../../src/db/index.ts';
import { currentSlots } from '../../src/demos/availability.ts';
import { cancelBooking, rescheduleBooking } from '../../src/demos/change-booking.ts';
import { takeSlot } from '../../src/demos/take-slot.ts';
import { commandActor } from '../../src/lib/actor.ts';
import { erasePerson } from '../../src/people/erase.ts';
import { pruneExpired, retention } from '../../src/people/retention.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { releaseQuarantined } from '../../src/submissions/quarantine.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';

const config = loadConfig({});
const day = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const today = dayOf(new Date());
const tomorrow = dayOf(new Date(Date.now() + day));

/**
 * The Marketing page's lead figures counted from the leads and bookings themselves, as the page
 * read them before the daily totals (issue 40), with a booking counted while it is live and its
 * lead kept: what the totals must add up to.
 */
async function scanned(db: Db, since: string, until: string) {
  const inRange = db.kysely
    .selectFrom('leads')
    .where('leads.created_at', '>=', since)
    .where('leads.created_at', '<', until);
  const live = db.kysely
    .selectFrom('demo_bookings')
    .innerJoin('leads', 'leads.id', 'demo_bookings.lead_id')
    .where('demo_bookings.status', '=', 'booked');
  const booked = live.where('demo_bookings.created_at', '>=', since).where('demo_bookings.created_at', '<', until);
  const count = sql<string | number>`count(*)`;
  const source = sql<string>`coalesce(leads.source_name, 'unknown')`;
  const medium = sql<string>`coalesce(leads.source_medium, '')`;
  const campaign = sql<string>`coalesce(leads.source_campaign, '')`;
  const bookedDay = sql<string>`substr(demo_bookings.created_at, 1, 10)`;
  const leadDay = sql<string>`substr(leads.created_at, 1, 10)`;
  const entryLanguage = sql<string>`case when entry_path = '/fr' or entry_path like '/fr/%' then 'fr' else 'en' end`;
  const [daily, sources, entries, languages, forms, demosDaily, demoSources, requested, funnelBooked, visitLanguages] =
    await Promise.all([
      inRange
        .select([leadDay.as('day'), count.as('leads')])
        .groupBy(leadDay)
        .execute(),
      inRange
        .select([source.as('source'), medium.as('medium'), campaign.as('campaign'), count.as('leads')])
        .groupBy([source, medium, campaign])
        .execute(),
      inRange
        .where('entry_path', 'is not', null)
        .select(['entry_path', count.as('leads')])
        .groupBy('entry_path')
        .execute(),
      inRange
        .select(['language', count.as('leads')])
        .groupBy('language')
        .execute(),
      inRange
        .where('form_page', 'is not', null)
        .select(['form_page', count.as('leads')])
        .groupBy('form_page')
        .execute(),
      booked
        .select([bookedDay.as('day'), count.as('demos')])
        .groupBy(bookedDay)
        .execute(),
      booked
        .select([source.as('source'), medium.as('medium'), campaign.as('campaign'), count.as('demos')])
        .groupBy([source, medium, campaign])
        .execute(),
      inRange.where('type', '=', 'demo').where(source, '!=', 'api').select(count.as('rows')).executeTakeFirstOrThrow(),
      live
        .where('leads.created_at', '>=', since)
        .where('leads.created_at', '<', until)
        .where('type', '=', 'demo')
        .where(source, '!=', 'api')
        .select(count.as('rows'))
        .executeTakeFirstOrThrow(),
      inRange
        .where('entry_path', 'is not', null)
        .select([entryLanguage.as('language'), count.as('leads')])
        .groupBy(entryLanguage)
        .execute(),
    ]);
  return sorted({
    daily: daily.map((row) => ({ day: row.day, leads: Number(row.leads) })),
    sources: sources.map((row) => ({ ...row, leads: Number(row.leads) })),
    entries: entries.map((row) => ({ page: row.entry_path!, leads: Number(row.leads) })),
    languages: languages.map((row) => ({ language: row.language as string, leads: Number(row.leads) })),
    forms: forms.map((row) => ({ page: row.form_page!, leads: Number(row.leads) })),
    demosDaily: demosDaily.map((row) => ({ day: row.day, demos: Number(row.demos) })),
    demoSources: demoSources.map((row) => ({ ...row, demos: Number(row.demos) })),
    visitLanguages: visitLanguages.map((row) => ({ language: row.language, leads: Number(row.leads) })),
    requested: Number(requested.rows),
    booked: Number(funnelBooked.rows),
  });
}

type Figures = Awaited<ReturnType<ReturnType<typeof dataAccess>['leads']['marketing']>>;

/** Figures with each table in one order, since rows of equal counts may come in any. */
function sorted(figures: Figures): Figures {
  const by = <Row>(rows: Row[]) => [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return {
    ...figures,
    daily: by(figures.daily),
    sources: by(figures.sources),
    entries: by(figures.entries),
    languages: by(figures.languages),
    forms: by(figures.forms),
    demosDaily: by(figures.demosDaily),
    demoSources: by(figures.demoSources),
    visitLanguages: by(figures.visitLanguages),
  };
}

const totalsOf = (db: Db, since: string, until: string) => dataAccess(db).leads.marketing(since, until).then(sorted);

/** Totals and the count of the rows, side by side for a range, so a failure names the range. */
const bothOf = async (db: Db, since: string, until: string) => ({
  range: [since, until],
  totals: await totalsOf(db, since, until),
  scanned: await scanned(db, since, until),
});

const expectTotalsMatch = async (db: Db, ranges: (readonly [string, string])[]) => {
  for (const [since, until] of ranges) {
    const both = await bothOf(db, since, until);
    expect({ range: both.range, figures: both.totals }).toEqual({ range: both.range, figures: both.scanned });
  }
  // A place left at nothing is gone, and none is below nothing.
  const rows = await db.kysely.selectFrom('lead_totals').selectAll().execute();
  expect(
    rows.filter((row) => row.leads < 0 || row.booked < 0 || row.demos < 0 || row.leads + row.booked + row.demos === 0),
  ).toEqual([]);
};

const siteSource = (campaign: string | null, form = '/fr/demo'): LeadSource => ({
  channel: 'site',
  form_page: form,
  visit: {
    entry_path: '/fr',
    utm_source: campaign && 'newsletter',
    utm_medium: campaign && 'email',
    utm_campaign: campaign,
    utm_content: null,
    utm_term: null,
    click_id: null,
    referrer_host: null,
    started_at: '2026-03-01T10:00:00.000Z',
  },
});

describe.each(await testDatabases())('the daily totals of leads on $name (issue 53)', ({ open }) => {
  let db: Db;
  beforeEach(async () => {
    db = await open();
  });
  afterEach(() => db?.close());
  const data = () => dataAccess(db);

  /** A demo request stored and, when a slot is given, booked, in one transaction as the demo form does. */
  const request = (email: string, options: { source?: LeadSource; slot?: Date; kind?: LeadKind } = {}) =>
    db.kysely.transaction().execute(async (trx) => {
      const kind = options.kind ?? 'demo';
      const leadId = await storeLead(data(), trx, config, kind, email, { firstname: 'Awa' }, 'fr', options.source);
      if (!options.slot) return { leadId, bookingId: undefined };
      const taken = await takeSlot(
        data(),
        trx,
        options.slot,
        { email, name: 'Awa', zone: 'Africa/Lagos', leadId },
        new Date(),
      );
      if (!taken.taken) throw new Error(`The slot was not taken: ${taken.reason}`);
      return { leadId, bookingId: taken.bookingId };
    });
  const openSlots = async () => (await currentSlots(data().demos, new Date())).map((slot) => slot.start);

  it('count a new lead on its day, by its form, source, entry page and language, in its transaction', async () => {
    await request('awa@teranga.example', { source: siteSource('tabaski') });
    expect(await totalsOf(db, today, tomorrow)).toEqual({
      daily: [{ day: today, leads: 1 }],
      sources: [{ source: 'newsletter', medium: 'email', campaign: 'tabaski', leads: 1 }],
      entries: [{ page: '/fr', leads: 1 }],
      languages: [{ language: 'fr', leads: 1 }],
      forms: [{ page: '/fr/demo', leads: 1 }],
      demosDaily: [],
      demoSources: [],
      visitLanguages: [{ language: 'fr', leads: 1 }],
      requested: 1,
      booked: 0,
    });
    // A lead whose transaction fails is not counted.
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await storeLead(data(), trx, config, 'enquiry', 'ada@lagos.example', { fullname: 'Ada' });
        throw new Error('The mail could not be queued');
      }),
    ).rejects.toThrow('could not be queued');
    expect((await totalsOf(db, today, tomorrow)).daily).toEqual([{ day: today, leads: 1 }]);
    await expectTotalsMatch(db, [[today, tomorrow]]);
  });

  it('count a booking in the funnel and the demos, take it out when cancelled, and keep it where it was when moved', async () => {
    const [first, second] = await openSlots();
    const { bookingId } = await request('awa@teranga.example', { source: siteSource('tabaski'), slot: first! });
    const booked = await totalsOf(db, today, tomorrow);
    expect(booked).toMatchObject({
      demosDaily: [{ day: today, demos: 1 }],
      demoSources: [{ source: 'newsletter', medium: 'email', campaign: 'tabaski', demos: 1 }],
      requested: 1,
      booked: 1,
    });

    expect(await rescheduleBooking(data(), config, bookingId!, second!, new Date(), commandActor('demos'))).toBe(
      'moved',
    );
    expect(await totalsOf(db, today, tomorrow)).toEqual(booked);

    expect(await cancelBooking(data(), config, bookingId!, new Date(), commandActor('demos'))).toBe(true);
    expect(await totalsOf(db, today, tomorrow)).toMatchObject({
      demosDaily: [],
      demoSources: [],
      requested: 1,
      booked: 0,
    });
    // Cancelled twice, taken out once.
    expect(await cancelBooking(data(), config, bookingId!, new Date(), commandActor('demos'))).toBe(false);
    await expectTotalsMatch(db, [[today, tomorrow]]);
  });

  it('count a released post on the day it was sent, with the slot it books', async () => {
    const [slot] = await openSlots();
    const sent = '2026-02-03T10:00:00.000Z';
    const held = await data().quarantine.insert(
      'demo',
      'awa@teranga.example',
      { firstname: 'Awa', lastname: 'Diop', demo_start: slot!.toISOString(), demo_zone: 'Africa/Lagos' },
      ['mostly_links'],
      'fr',
      siteSource('tabaski'),
    );
    await fixturesRepository(db.kysely).backdateQuarantine({ id: held }, sent);
    expect(await totalsOf(db, '2026-02-03', '2026-02-04')).toMatchObject({ daily: [], requested: 0 });

    expect(await releaseQuarantined(data(), config, held, commandActor('leads'))).toMatchObject({ booking: 'booked' });
    expect(await totalsOf(db, '2026-02-03', '2026-02-04')).toMatchObject({
      daily: [{ day: '2026-02-03', leads: 1 }],
      demosDaily: [],
      requested: 1,
      booked: 1,
    });
    expect((await totalsOf(db, today, tomorrow)).demosDaily).toEqual([{ day: today, demos: 1 }]);
    await expectTotalsMatch(db, [
      ['2026-02-03', '2026-02-04'],
      [today, tomorrow],
    ]);
  });

  it('take out an erased person’s leads and bookings, and no one else’s', async () => {
    const [slot] = await openSlots();
    await request('awa@teranga.example', { source: siteSource('tabaski'), slot: slot! });
    await request('ada@lagos.example', { source: siteSource(null, '/contact'), kind: 'enquiry' });
    await erasePerson(data(), 'Awa@Teranga.example', commandActor('people'));
    expect(await totalsOf(db, today, tomorrow)).toEqual({
      daily: [{ day: today, leads: 1 }],
      sources: [{ source: 'direct', medium: '', campaign: '', leads: 1 }],
      entries: [{ page: '/fr', leads: 1 }],
      languages: [{ language: 'fr', leads: 1 }],
      forms: [{ page: '/contact', leads: 1 }],
      demosDaily: [],
      demoSources: [],
      visitLanguages: [{ language: 'fr', leads: 1 }],
      requested: 0,
      booked: 0,
    });
    await expectTotalsMatch(db, [[today, tomorrow]]);
  });

  it('take out a booking deleted apart from its lead, and keep the lead', async () => {
    const [slot] = await openSlots();
    const { bookingId } = await request('awa@teranga.example', { source: siteSource('tabaski'), slot: slot! });
    expect(await data().people.remove('demo_bookings', [bookingId!])).toBe(1);
    expect(await totalsOf(db, today, tomorrow)).toMatchObject({
      daily: [{ day: today, leads: 1 }],
      demosDaily: [],
      requested: 1,
      booked: 0,
    });
    await expectTotalsMatch(db, [[today, tomorrow]]);
  });

  it('take out the leads housekeeping deletes after two years, with their bookings', async () => {
    const [slot] = await openSlots();
    const old = await request('awa@teranga.example', { source: siteSource('tabaski'), slot: slot! });
    await request('ada@lagos.example', { kind: 'enquiry' });
    const sentAt = new Date(Date.now() - retention.leads - 3 * day);
    await fixturesRepository(db.kysely).backdateLead(old.leadId, sentAt.toISOString());
    expect((await totalsOf(db, dayOf(sentAt), tomorrow)).daily).toEqual([
      { day: dayOf(sentAt), leads: 1 },
      { day: today, leads: 1 },
    ]);

    const pruned = await pruneExpired(data(), new Date());
    expect(pruned.leads).toBe(1);
    expect(await totalsOf(db, dayOf(sentAt), tomorrow)).toMatchObject({
      daily: [{ day: today, leads: 1 }],
      demosDaily: [],
      demoSources: [],
      requested: 0,
      booked: 0,
    });
    await expectTotalsMatch(db, [[dayOf(sentAt), tomorrow]]);
  });

  it(
    'equal a count of the rows after any sequence of leads, releases, bookings, moves, cancellations, erasures and housekeeping',
    { timeout: 120_000 },
    async () => {
      const next = numbers(53);
      const pick = <T>(items: readonly T[]) => items[next(items.length)]!;
      const kinds = ['demo', 'enquiry', 'startup', 'savings'] as const;
      const sources = [
        null,
        siteSource('tabaski'),
        siteSource('ramadan', '/demo'),
        siteSource(null, '/contact'),
        { channel: 'api', form_page: null, visit: null } satisfies LeadSource,
      ];
      const emails = [
        'awa@teranga.example',
        'Awa@Teranga.example',
        'ada@lagos.example',
        'kofi@accra.example',
        'zeynep@ankara.example',
        'amara@abuja.example',
        'musa@kano.example',
        'lina@rabat.example',
      ];
      // Sent over ten days two years ago, so housekeeping can take the oldest of them.
      const firstDay = Date.now() - retention.leads - 5 * day;
      const sentAt = () => new Date(firstDay + next(10) * day + next(day)).toISOString();
      const slots = await openSlots();
      const bookings: string[] = [];
      const steps: string[] = [];
      let days = 0;
      let booked = 0;

      for (let step = 0; step < 60; step++) {
        const email = pick(emails);
        const what = pick([
          'lead',
          'lead',
          'booked',
          'released',
          'released',
          'move',
          'cancel',
          'erase',
          'prune',
        ] as const);
        steps.push(what);
        if (what === 'lead') await request(email, { kind: pick(kinds), source: pick(sources) ?? undefined });
        else if (what === 'booked' && slots.length > 0) {
          const booked = await request(email, {
            source: pick(sources) ?? undefined,
            slot: slots.splice(next(slots.length), 1)[0]!,
          });
          bookings.push(booked.bookingId!);
        } else if (what === 'released') {
          const kind = pick(kinds);
          const slot =
            kind === 'demo' && slots.length > 0 && next(2) === 0 ? slots.splice(next(slots.length), 1)[0] : undefined;
          const held = await data().quarantine.insert(
            kind,
            email,
            { firstname: 'Awa', ...(slot ? { demo_start: slot.toISOString(), demo_zone: 'Africa/Lagos' } : {}) },
            ['mostly_links'],
            next(2) === 0 ? 'fr' : 'en',
            pick(sources),
          );
          await fixturesRepository(db.kysely).backdateQuarantine({ id: held }, sentAt());
          await releaseQuarantined(data(), config, held, commandActor('leads'));
        } else if (what === 'move' && bookings.length > 0 && slots.length > 0)
          await rescheduleBooking(
            data(),
            config,
            pick(bookings),
            slots.splice(next(slots.length), 1)[0]!,
            new Date(),
            commandActor('demos'),
          );
        else if (what === 'cancel' && bookings.length > 0)
          await cancelBooking(data(), config, pick(bookings), new Date(), commandActor('demos'));
        else if (what === 'erase') await erasePerson(data(), email, commandActor('people'));
        else if (what === 'prune')
          await pruneExpired(data(), new Date(firstDay + retention.leads + next(10) * day), { limit: 2 });
        await expectTotalsMatch(db, [['2000-01-01', '2100-01-01']]);
        const counted = await scanned(db, '2000-01-01', '2100-01-01');
        days = Math.max(days, counted.daily.length);
        booked = Math.max(booked, counted.booked);
      }

      // Enough of every kind that the comparison means something.
      expect(new Set(steps)).toEqual(new Set(['lead', 'booked', 'released', 'move', 'cancel', 'erase', 'prune']));
      expect(days).toBeGreaterThan(4);
      expect(booked).toBeGreaterThan(2);
      const ranges: (readonly [string, string])[] = [
        ['2000-01-01', '2100-01-01'],
        [today, tomorrow],
      ];
      for (let offset = 0; offset < 10; offset += 3)
        ranges.push([dayOf(new Date(firstDay + offset * day)), dayOf(new Date(firstDay + (offset + 4) * day))]);
      await expectTotalsMatch(db, ranges);
    },
  );
});

describe.each(await testDatabases())('migration 0024 on $name', ({ open }) => {
  it('fills the daily lead totals from the leads and live bookings kept before it', { timeout: 60_000 }, async () => {
    const db = await open();
    try {
      const migrator = await migratorOf(db.kysely);
      expect((await migrator.migrateTo('0023-visitor-expiry')).error).toBeUndefined();
      const lead = (id: string, type: string, at: string, source: string | null, form: string | null) => ({
        id,
        type,
        email: `${id}@example.com`,
        metadata: '{}',
        language: 'en' as const,
        source_name: source,
        source_medium: source && 'email',
        source_campaign: source && 'tabaski',
        entry_path: source && '/',
        form_page: form,
        created_at: at,
      });
      await db.kysely
        .insertInto('leads')
        .values([
          lead('a', 'demo', '2027-05-01T10:00:00.000Z', 'newsletter', '/demo'),
          lead('b', 'demo', '2027-05-01T11:00:00.000Z', 'newsletter', '/demo'),
          lead('c', 'enquiry', '2027-05-02T10:00:00.000Z', null, null),
          lead('d', 'demo', '2027-05-02T10:00:00.000Z', 'api', null),
        ] as never)
        .execute();
      const booking = (id: string, leadId: string | null, status: string, at: string) => ({
        id,
        host_id: 'sales',
        starts_at: `2027-06-0${id.length}T09:00:00.000Z`,
        ends_at: `2027-06-0${id.length}T09:30:00.000Z`,
        status,
        lead_id: leadId,
        email: 'x@example.com',
        name: 'X',
        zone: 'Africa/Lagos',
        created_at: at,
        updated_at: at,
      });
      await db.kysely
        .insertInto('demo_bookings')
        .values([
          booking('a', 'a', 'booked', '2027-05-03T10:00:00.000Z'),
          booking('bb', 'b', 'cancelled', '2027-05-03T10:00:00.000Z'),
          booking('ccc', 'gone', 'booked', '2027-05-03T10:00:00.000Z'),
        ] as never)
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const figures = await totalsOf(db, '2027-05-01', '2027-05-04');
      expect(figures).toEqual(await scanned(db, '2027-05-01', '2027-05-04'));
      expect(figures).toMatchObject({
        daily: [
          { day: '2027-05-01', leads: 2 },
          { day: '2027-05-02', leads: 2 },
        ],
        demosDaily: [{ day: '2027-05-03', demos: 1 }],
        requested: 2,
        booked: 1,
      });
    } finally {
      await db.close();
    }
  });
});

/** A small generator of the same numbers on every run (mulberry32), so a failure can be read again. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32) * below);
  };
}
