import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@growmail/test-support/databases';
import type { Db } from '../../src/db/index.ts';
import { pruneExpired, retention } from '../../src/people/retention.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { hashedVisitsThrough } from '../../src/repositories/visits.ts';
import { sessionViews, type PageView } from '../../src/visits/page-view.ts';
import { dayOf, visitorHash } from '../../src/visits/visitor.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

const view = (visitor: string, at: Date, path: string, extra: Partial<PageView> = {}): PageView => ({
  visitor,
  day: dayOf(at),
  at: at.toISOString(),
  path,
  language: 'en',
  utm: {},
  clickId: null,
  referrerHost: null,
  device: 'desktop',
  ...extra,
});

describe.each(await testDatabases())('counted visits on $name', ({ name, open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());

  /** Sorts one batch into visits against what is stored, and writes it, as the counter does. */
  async function writeBatch(views: PageView[]) {
    const visits = dataAccess(db).visits;
    const visitors = [...new Set(views.map((one) => one.visitor))];
    await visits.record(sessionViews(views, await visits.ofVisitors(views[0]!.day, visitors)));
  }

  it('keeps one salt per day, the first a server made', async () => {
    const visits = dataAccess(db).visits;
    expect(await visits.saltOf('2027-01-10', 'first')).toBe('first');
    expect(await visits.saltOf('2027-01-10', 'second')).toBe('first');
    expect(await visits.saltOf('2027-01-11', 'other')).toBe('other');
  });

  it('joins a view written in a later batch to the visit an earlier batch began', async () => {
    const start = new Date('2027-01-12T08:00:00.000Z');
    await writeBatch([view('walker', start, '/', { utm: { utm_source: 'newsletter', utm_campaign: 'tabaski' } })]);
    await writeBatch([
      view('walker', new Date(start.getTime() + 10 * 60_000), '/demo'),
      view('walker', new Date(start.getTime() + 20 * 60_000), '/contact'),
    ]);
    const visits = (await dataAccess(db).visits.list()).filter((visit) => visit.visitor === 'walker');
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ entry_path: '/', utm_campaign: 'tabaski', views: 3 });
    expect(visits[0]!.last_at).toBe('2027-01-12T08:20:00.000Z');
    expect((await dataAccess(db).visits.viewsOf(visits[0]!.id)).map((one) => one.path)).toEqual([
      '/',
      '/demo',
      '/contact',
    ]);
  });

  it('writes and deletes inside a caller’s transaction when taken .in(trx), so a rollback undoes both', async () => {
    const at = new Date('2027-02-03T08:00:00.000Z');
    await writeBatch([view('kept', at, '/pricing')]);
    const rolledBack = new Error('rolled back');
    const visits = dataAccess(db).visits;
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        const inside = visits.in(trx);
        await inside.record(sessionViews([view('undone', at, '/demo')], []));
        expect(await inside.removeBefore('2027-02-04', 1000)).toBeGreaterThan(0);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const stored = (await visits.list()).map((visit) => visit.visitor);
    expect(stored).toContain('kept');
    expect(stored).not.toContain('undone');
  });

  it('holds no salt or visitor hash older than 48 hours, and deletes visits after 13 months', async () => {
    const now = new Date('2027-06-01T12:00:00.000Z');
    const visits = dataAccess(db).visits;
    const hashed = async (at: Date, path: string) => {
      const salt = await visits.saltOf(dayOf(at), `salt-${dayOf(at)}`);
      await writeBatch([view(visitorHash(salt, 'growmail.test', '192.0.2.1', 'Firefox'), at, path)]);
    };
    await hashed(new Date(now.getTime() - retention.visits - day), '/long-ago');
    await hashed(new Date(now.getTime() - 3 * day), '/three-days-ago');
    await hashed(new Date(now.getTime() - day), '/yesterday');
    await hashed(now, '/today');

    const pruned = await pruneExpired(dataAccess(db), now);
    expect(pruned.visits).toBeGreaterThanOrEqual(1);

    const kept = await visits.list();
    expect(kept.map((visit) => visit.entry_path)).not.toContain('/long-ago');
    const threeDays = kept.find((visit) => visit.entry_path === '/three-days-ago');
    expect(threeDays).toMatchObject({ visitor: null, views: 1 });
    expect(kept.find((visit) => visit.entry_path === '/yesterday')?.visitor).toEqual(expect.any(String));
    expect(kept.find((visit) => visit.entry_path === '/today')?.visitor).toEqual(expect.any(String));

    // Whatever the day, every salt and hash left is from a day that began less than 48 hours ago.
    const oldest = dayOf(new Date(now.getTime() - 2 * day));
    const salts = await sql<{ day: string }>`select day from visit_salts`.execute(db.kysely);
    expect(salts.rows.map((row) => row.day).filter((saltDay) => saltDay <= oldest)).toEqual([]);
    const hashes = await sql<{ day: string }>`select day from visits where visitor is not null`.execute(db.kysely);
    expect(hashes.rows.map((row) => row.day).filter((hashDay) => hashDay <= oldest)).toEqual([]);
    const orphans = await sql<{
      n: number;
    }>`select count(*) as n from visit_views where visit_id not in (select id from visits)`.execute(db.kysely);
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  });

  // SQLite answers nothing while a batch reads: through `visits_day` the read walked every visit
  // already forgotten, 1.6 s at a million (docs/performance.md). PostgreSQL's batches do not stop it.
  it.runIf(name === 'sqlite')(
    'finds the hashes to forget through an index of the visits that still have one',
    async () => {
      // The read of `visits.forgetVisitorsThrough`, as the repository writes it.
      const { sql: text, parameters } = hashedVisitsThrough(db.kysely, '2027-05-30', 20).compile();
      const { rows } = await db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      expect(rows.map((row) => row.detail).join('\n')).toContain('visits_day_with_visitor');
    },
  );
});
