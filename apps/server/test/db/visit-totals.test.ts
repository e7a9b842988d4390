import { leadFormPages, demoPages } from '@growmail/contracts/marketing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@growmail/test-support/databases';
import { migratorOf, type Db } from '../../src/db/index.ts';
import { pruneExpired, retention } from '../../src/people/retention.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { sessionViews, type PageView } from '../../src/visits/page-view.ts';
import { dayOf } from '../../src/visits/visitor.ts';

const minute = 60_000;
const day = 24 * 60 * minute;

/**
 * The Marketing page's visit figures counted from the visits and their views themselves, as the
 * page read them before the daily totals (issue 40): what the totals must add up to.
 */
async function scanned(db: Db, from: string, to: string) {
  const inRange = db.kysely.selectFrom('visits').where('day', '>=', from).where('day', '<=', to);
  const viewed = db.kysely
    .selectFrom('visit_views')
    .where('viewed_at', '>=', `${from}T00:00:00.000Z`)
    .where('viewed_at', '<', `${to}T24:00:00.000Z`);
  const source = sql<string>`coalesce(utm_source, referrer_host, 'direct')`;
  const medium = sql<string>`coalesce(utm_medium, '')`;
  const campaign = sql<string>`coalesce(utm_campaign, '')`;
  const count = sql<string | number>`count(*)`;
  const daily = await inRange
    .select(['day', count.as('visitors'), sql<string | number>`sum(views)`.as('views')])
    .groupBy('day')
    .orderBy('day')
    .execute();
  const sources = await inRange
    .select([source.as('source'), medium.as('medium'), campaign.as('campaign'), count.as('visitors')])
    .groupBy([source, medium, campaign])
    .execute();
  const entries = await inRange
    .select(['entry_path', count.as('visitors')])
    .groupBy('entry_path')
    .execute();
  const languages = await inRange
    .select(['language', count.as('visitors')])
    .groupBy('language')
    .execute();
  const demo = await viewed
    .where('path', 'in', demoPages)
    .select(sql<string | number>`count(distinct visit_id)`.as('visits'))
    .executeTakeFirstOrThrow();
  const forms = await viewed
    .where('path', 'in', leadFormPages)
    .select(['path', count.as('views')])
    .groupBy('path')
    .execute();
  return {
    daily: daily.map((row) => ({ day: row.day, visitors: Number(row.visitors), views: Number(row.views) })),
    sources: sources.map((row) => ({ ...row, visitors: Number(row.visitors) })),
    entries: entries.map((row) => ({ page: row.entry_path, visitors: Number(row.visitors) })),
    languages: languages.map((row) => ({ language: row.language, visitors: Number(row.visitors) })),
    viewedDemo: Number(demo.visits),
    formViews: forms.map((row) => ({ page: row.path, views: Number(row.views) })),
  };
}

/** Rows in the order of `key`. */
const by = <Row>(rows: Row[], key: (row: Row) => string) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));

/** Figures with each table in one order, since rows of equal counts may come in any. */
const sorted = (figures: Awaited<ReturnType<typeof scanned>>) => ({
  ...figures,
  sources: by(figures.sources, (row) => `${row.source}\n${row.medium}\n${row.campaign}`),
  entries: by(figures.entries, (row) => row.page),
  languages: by(figures.languages, (row) => row.language),
  formViews: by(figures.formViews, (row) => row.page),
});

const totalsOf = (db: Db, from: string, to: string) =>
  dataAccess(db).visits.marketing(from, to, leadFormPages).then(sorted);

/** A small generator of the same numbers on every run, so a failure can be read again. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

const paths = ['/', '/fr', '/demo', '/fr/demo', '/contact', '/fr/contact', '/pricing', '/startup', '/calculator'];
const sources = [
  { utm: {}, referrerHost: null },
  { utm: {}, referrerHost: 'news.example' },
  { utm: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'tabaski' }, referrerHost: null },
  { utm: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'ramadan' }, referrerHost: 'mail.example' },
  { utm: { utm_source: 'partner' }, referrerHost: null },
] as const;

/**
 * Views as the counter receives them over three days: visitors who come back within and after 30
 * idle minutes, change pages and languages, see a demo page once, twice or in both languages,
 * from sources and devices of every kind; written in batches of any size, each sorted into
 * visits against those already stored, as the counter does. A view often lands in a later batch
 * than the one that began its visit, and views arrive out of order within a batch.
 */
async function countViews(db: Db, start: Date) {
  const visits = dataAccess(db).visits;
  const next = numbers(40);
  const views: PageView[] = [];
  for (let index = 0; index < 900; index++) {
    const visitor = `visitor-${next(30)}`;
    const at = new Date(start.getTime() + next(3) * day + next(20 * 60) * minute + next(60_000));
    const path = paths[next(paths.length)]!;
    const source = sources[next(sources.length)]!;
    views.push({
      visitor,
      day: dayOf(at),
      at: at.toISOString(),
      path,
      language: path.startsWith('/fr') ? 'fr' : 'en',
      utm: source.utm,
      clickId: next(4) === 0 ? 'gclid' : null,
      referrerHost: source.referrerHost,
      device: (['mobile', 'tablet', 'desktop'] as const)[next(3)]!,
    });
  }
  views.sort((a, b) => a.at.localeCompare(b.at));
  for (let taken = 0; taken < views.length;) {
    const batch = views.slice(taken, taken + 1 + next(60));
    taken += batch.length;
    // Out of order within a batch, as views from several servers are.
    batch.reverse();
    for (const ofDay of Map.groupBy(batch, (view) => view.day).values()) {
      const visitors = [...new Set(ofDay.map((view) => view.visitor))];
      await visits.record(sessionViews(ofDay, await visits.ofVisitors(ofDay[0]!.day, visitors)));
    }
  }
}

describe.each(await testDatabases())('the daily totals of visits on $name (issue 40)', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());

  it('add up to what counting the visits and their views gives, for every range', { timeout: 60_000 }, async () => {
    await countViews(db, new Date('2027-02-10T08:00:00.000Z'));
    const whole = await scanned(db, '2027-02-01', '2027-02-28');
    // Enough of every kind that the comparison means something.
    expect(whole.daily.map((row) => row.day)).toEqual(['2027-02-10', '2027-02-11', '2027-02-12', '2027-02-13']);
    expect(whole.daily.reduce((sum, row) => sum + row.visitors, 0)).toBeGreaterThan(100);
    expect(whole.viewedDemo).toBeGreaterThan(20);
    expect(whole.sources.length).toBeGreaterThanOrEqual(5);
    for (const [from, to] of [
      ['2027-02-01', '2027-02-28'],
      ['2027-02-10', '2027-02-10'],
      ['2027-02-11', '2027-02-12'],
      ['2027-03-01', '2027-03-02'],
    ] as const)
      expect([from, to, await totalsOf(db, from, to)]).toEqual([from, to, sorted(await scanned(db, from, to))]);
  });

  it(
    'counts a visit in the funnel once, however many demo pages it views and in however many writes',
    { timeout: 60_000 },
    async () => {
      const visits = dataAccess(db).visits;
      const at = (minutes: number) => new Date(Date.parse('2027-04-02T09:00:00.000Z') + minutes * minute);
      const view = (minutes: number, path: string): PageView => ({
        visitor: 'one-visit',
        day: '2027-04-02',
        at: at(minutes).toISOString(),
        path,
        language: 'en',
        utm: {},
        clickId: null,
        referrerHost: null,
        device: 'desktop',
      });
      for (const batch of [[view(0, '/'), view(1, '/demo')], [view(5, '/fr/demo')], [view(9, '/demo')]])
        await visits.record(sessionViews(batch, await visits.ofVisitors('2027-04-02', ['one-visit'])));
      const figures = await visits.marketing('2027-04-02', '2027-04-02', leadFormPages);
      expect(figures).toMatchObject({ daily: [{ day: '2027-04-02', visitors: 1, views: 4 }], viewedDemo: 1 });
      expect(figures.formViews).toEqual(
        expect.arrayContaining([
          { page: '/demo', views: 2 },
          { page: '/fr/demo', views: 1 },
          { page: '/', views: 1 },
        ]),
      );
    },
  );

  it(
    'lose a day with its visits when housekeeping deletes them after 13 months, in batches',
    { timeout: 60_000 },
    async () => {
      const now = new Date('2028-04-20T12:00:00.000Z');
      const old = new Date(now.getTime() - retention.visits - 2 * day);
      await countViews(db, old);
      const oldest = dayOf(old);
      expect((await scanned(db, oldest, oldest)).daily).toHaveLength(1);

      const deleted: Record<string, number> = {};
      const pruned = await pruneExpired(dataAccess(db), now, {
        limit: 7,
        onBatch: (kind, rows) => (deleted[kind] = (deleted[kind] ?? 0) + (rows > 0 ? 1 : 0)),
      });
      expect(pruned.visits).toBeGreaterThan(100);
      expect(deleted.visitTotals).toBeGreaterThan(2);

      // Nothing of the days whose visits went is left in the totals; the days after them are whole.
      const before = dayOf(new Date(now.getTime() - retention.visits));
      const left = async (table: 'visit_totals' | 'page_view_totals') =>
        Number(
          (
            await db.kysely
              .selectFrom(table)
              .select(sql<string | number>`count(*)`.as('rows'))
              .where('day', '<', before)
              .executeTakeFirstOrThrow()
          ).rows,
        );
      expect(await left('visit_totals')).toBe(0);
      expect(await left('page_view_totals')).toBe(0);
      expect((await scanned(db, '2027-01-01', before)).daily.every((row) => row.day >= before)).toBe(true);
      for (const [from, to] of [
        ['2027-01-01', '2028-12-31'],
        [oldest, dayOf(new Date(old.getTime() + 2 * day))],
      ] as const)
        expect([from, to, await totalsOf(db, from, to)]).toEqual([from, to, sorted(await scanned(db, from, to))]);
    },
  );
});

describe.each(await testDatabases())('migration 0022 on $name', ({ open }) => {
  it('fills the daily totals from the visits kept before it', { timeout: 60_000 }, async () => {
    const db = await open();
    try {
      const migrator = await migratorOf(db.kysely);
      expect((await migrator.migrateTo('0021-marketing')).error).toBeUndefined();
      const visit = (id: string, source: string | null, referrer: string | null, entry: string, views: number) => ({
        id,
        day: '2027-05-01',
        visitor: null,
        entry_path: entry,
        language: entry.startsWith('/fr') ? ('fr' as const) : ('en' as const),
        utm_source: source,
        utm_medium: source && 'email',
        utm_campaign: source && 'tabaski',
        utm_content: null,
        utm_term: null,
        click_id: null,
        referrer_host: referrer,
        device: 'mobile',
        views,
        first_at: '2027-05-01T10:00:00.000Z',
        last_at: '2027-05-01T10:05:00.000Z',
      });
      const rows = [
        visit('a', 'newsletter', null, '/fr', 3),
        visit('b', null, 'news.example', '/', 2),
        visit('c', null, null, '/', 1),
        visit('d', 'newsletter', 'mail.example', '/fr', 2),
      ];
      // Without `viewed_demo`, which 0022 adds.
      await db.kysely.insertInto('visits').values(rows).execute();
      const views = [
        ['a', '/fr'],
        ['a', '/fr/demo'],
        ['a', '/demo'],
        ['b', '/'],
        ['b', '/demo'],
        ['c', '/'],
        ['d', '/fr'],
        ['d', '/fr/contact'],
      ].map(([visitId, path], index) => ({
        visit_id: visitId!,
        path: path!,
        viewed_at: `2027-05-01T10:0${index}:00.000Z`,
      }));
      await db.kysely.insertInto('visit_views').values(views).execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const figures = await totalsOf(db, '2027-05-01', '2027-05-01');
      expect(figures).toEqual(sorted(await scanned(db, '2027-05-01', '2027-05-01')));
      expect(figures).toMatchObject({ daily: [{ visitors: 4, views: 8 }], viewedDemo: 2 });
    } finally {
      await db.close();
    }
  });
});
