import { visitSourceName, type VisitSource } from '@growmail/contracts/lead-source';
import { demoPages, mostRows } from '@growmail/contracts/marketing';
import { sql, type Insertable } from 'kysely';
import type { VisitsTable, VisitTotalsTable, VisitViewsTable } from '../db/schema.ts';
import { inTransaction, repository, type Executor } from './repository.ts';

/** A visit still open to more views: what sessioning a batch of views needs to know of it. */
export type OpenVisit = { id: string; visitor: string; first_at: string; last_at: string };

/** What one batch of counted views writes: new visits, views added to known ones, and the views. */
export type VisitWrites = {
  created: Insertable<VisitsTable>[];
  extended: { id: string; views: number; first_at: string; last_at: string }[];
  views: Insertable<VisitViewsTable>[];
};

/** Visitors a query names at once: SQLite's bound parameters are limited. */
const chunk = 500;

const isDemoPage = (path: string) => (demoPages as readonly string[]).includes(path);

/** The columns of a visit that place it in the daily totals. */
const totalsColumns = [
  'day',
  'entry_path',
  'language',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_host',
  'device',
] as const;
type TotalsPlace = Pick<Insertable<VisitsTable>, (typeof totalsColumns)[number]>;

type Added = { visitors: number; views: number; demo: number };

/**
 * What one batch adds to the daily totals (migration 0022), summed by row in memory and then
 * added to the stored rows: one statement for the visits' totals and one for the pages'.
 */
class DailyTotals {
  readonly #visits = new Map<string, VisitTotalsTable>();
  readonly #pages = new Map<string, { day: string; path: string; views: number }>();

  addVisit(visit: TotalsPlace, added: Added) {
    const row = {
      day: visit.day,
      entry_path: visit.entry_path,
      language: visit.language,
      source: visitSourceName({ utm_source: visit.utm_source ?? null, referrer_host: visit.referrer_host ?? null }),
      medium: visit.utm_medium ?? '',
      campaign: visit.utm_campaign ?? '',
      device: visit.device,
    };
    const key = JSON.stringify(Object.values(row));
    const known = this.#visits.get(key) ?? { ...row, visitors: 0, views: 0, demo_visitors: 0 };
    known.visitors += added.visitors;
    known.views += added.views;
    known.demo_visitors += added.demo;
    this.#visits.set(key, known);
  }

  addView(day: string, path: string) {
    const key = JSON.stringify([day, path]);
    const known = this.#pages.get(key) ?? { day, path, views: 0 };
    known.views += 1;
    this.#pages.set(key, known);
  }

  /** Adds to the stored rows, in the order of their keys, so two servers' writes never wait on each other. */
  async write(db: Executor) {
    const visits = [...this.#visits].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
    for (let start = 0; start < visits.length; start += 100)
      await db
        .insertInto('visit_totals')
        .values(visits.slice(start, start + 100))
        .onConflict((conflict) =>
          conflict
            .columns(['day', 'entry_path', 'language', 'source', 'medium', 'campaign', 'device'])
            .doUpdateSet((eb) => ({
              visitors: eb('visit_totals.visitors', '+', eb.ref('excluded.visitors')),
              views: eb('visit_totals.views', '+', eb.ref('excluded.views')),
              demo_visitors: eb('visit_totals.demo_visitors', '+', eb.ref('excluded.demo_visitors')),
            })),
        )
        .execute();
    const pages = [...this.#pages].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
    for (let start = 0; start < pages.length; start += 300)
      await db
        .insertInto('page_view_totals')
        .values(pages.slice(start, start + 300))
        .onConflict((conflict) =>
          conflict
            .columns(['day', 'path'])
            .doUpdateSet((eb) => ({ views: eb('page_view_totals.views', '+', eb.ref('excluded.views')) })),
        )
        .execute();
  }
}

/**
 * At most `limit` visits of days up to `day` (included) that still hold a visitor hash: what
 * housekeeping clears. Read through `visits_day_with_visitor` (migration 0023), which holds only
 * such visits, so it costs what it finds, not the visits already forgotten.
 */
export const hashedVisitsThrough = (db: Executor, day: string, limit: number) =>
  db.selectFrom('visits').select('id').where('day', '<=', day).where('visitor', 'is not', null).limit(limit);

/**
 * Counted visits (D42): the daily salts, the visits and the pages they viewed. Writes come in
 * batches from the counter (`visits/`), never from a page's own request.
 */
const visitQueries = (db: Executor) => ({
  /** The salt of a UTC day: `fresh` if none was kept yet, or the one another server kept first. */
  async saltOf(day: string, fresh: string): Promise<string> {
    await db
      .insertInto('visit_salts')
      .values({ day, salt: fresh })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    const row = await db.selectFrom('visit_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    return row.salt;
  },

  /** The visits of these visitors on that day. */
  async ofVisitors(day: string, visitors: readonly string[]): Promise<OpenVisit[]> {
    const found: OpenVisit[] = [];
    for (let start = 0; start < visitors.length; start += chunk) {
      const rows = await db
        .selectFrom('visits')
        .select(['id', 'visitor', 'first_at', 'last_at'])
        .where('day', '=', day)
        .where('visitor', 'in', visitors.slice(start, start + chunk))
        .execute();
      for (const row of rows) if (row.visitor) found.push({ ...row, visitor: row.visitor });
    }
    return found;
  },

  /**
   * Writes one batch in one transaction: every view of it is stored, or none, and the day's
   * totals the Marketing page reads grow by what it wrote, in the same transaction.
   */
  async record(writes: VisitWrites): Promise<void> {
    const demo = new Set(writes.views.filter((view) => isDemoPage(view.path)).map((view) => view.visit_id));
    const totals = new DailyTotals();
    await inTransaction(db, async (trx) => {
      const created = writes.created.map((visit) => ({ ...visit, viewed_demo: demo.has(visit.id) ? 1 : 0 }));
      for (let start = 0; start < created.length; start += 100)
        await trx
          .insertInto('visits')
          .values(created.slice(start, start + 100))
          .execute();
      for (const visit of created) totals.addVisit(visit, { visitors: 1, views: visit.views, demo: visit.viewed_demo });
      // In the order of their ids, as every server's batch takes them, so two writes never wait on each other.
      for (const visit of [...writes.extended].sort((a, b) => (a.id < b.id ? -1 : 1))) {
        // Counted in the funnel once: only the write that marks the visit counts it.
        const firstDemo =
          demo.has(visit.id) &&
          Number(
            (
              await trx
                .updateTable('visits')
                .set({ viewed_demo: 1 })
                .where('id', '=', visit.id)
                .where('viewed_demo', '=', 0)
                .executeTakeFirst()
            ).numUpdatedRows,
          ) > 0;
        const stored = await trx
          .updateTable('visits')
          .set({
            views: sql`views + ${visit.views}`,
            first_at: sql`case when first_at > ${visit.first_at} then ${visit.first_at} else first_at end`,
            last_at: sql`case when last_at < ${visit.last_at} then ${visit.last_at} else last_at end`,
          })
          .where('id', '=', visit.id)
          .returning(totalsColumns)
          .executeTakeFirst();
        if (stored) totals.addVisit(stored, { visitors: 0, views: visit.views, demo: firstDemo ? 1 : 0 });
      }
      for (let start = 0; start < writes.views.length; start += 300)
        await trx
          .insertInto('visit_views')
          .values(writes.views.slice(start, start + 300))
          .execute();
      for (const view of writes.views) totals.addView(view.viewed_at.slice(0, 10), view.path);
      await totals.write(trx);
    });
  },

  /** The source and entry page of this visitor's latest visit of that day, if any. */
  async latestOf(day: string, visitor: string): Promise<VisitSource | undefined> {
    const row = await db
      .selectFrom('visits')
      .select([
        'entry_path',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'utm_content',
        'utm_term',
        'click_id',
        'referrer_host',
        'first_at as started_at',
      ])
      .where('day', '=', day)
      .where('visitor', '=', visitor)
      .orderBy('last_at', 'desc')
      .executeTakeFirst();
    return row;
  },

  /**
   * The Marketing page's visit figures for UTC days `from` to `to`, both included (issue 40), read
   * from the daily totals: per day, by source, by entry page and by language; the visits that
   * viewed a demo page; and the views of each page in `formPages`. The same figures a count of
   * the visits and their views would give; counts come back as numbers on both databases.
   */
  async marketing(from: string, to: string, formPages: readonly string[]) {
    const inRange = db.selectFrom('visit_totals').where('day', '>=', from).where('day', '<=', to);
    const visitors = sql<string | number>`sum(visitors)`;
    const [daily, sources, entries, languages, demo, forms] = await Promise.all([
      inRange
        .select(['day', visitors.as('visitors'), sql<string | number>`sum(views)`.as('views')])
        .groupBy('day')
        .orderBy('day')
        .execute(),
      inRange
        .select(['source', 'medium', 'campaign', visitors.as('visitors')])
        .groupBy(['source', 'medium', 'campaign'])
        .orderBy(visitors, 'desc')
        .limit(mostRows)
        .execute(),
      inRange
        .select(['entry_path', visitors.as('visitors')])
        .groupBy('entry_path')
        .orderBy(visitors, 'desc')
        .limit(mostRows)
        .execute(),
      inRange
        .select(['language', visitors.as('visitors')])
        .groupBy('language')
        .execute(),
      inRange.select(sql<string | number | null>`sum(demo_visitors)`.as('visits')).executeTakeFirstOrThrow(),
      db
        .selectFrom('page_view_totals')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('path', 'in', formPages)
        .select(['path', sql<string | number>`sum(views)`.as('views')])
        .groupBy('path')
        .execute(),
    ]);
    return {
      daily: daily.map((row) => ({ day: row.day, visitors: Number(row.visitors), views: Number(row.views) })),
      sources: sources.map((row) => ({ ...row, visitors: Number(row.visitors) })),
      entries: entries.map((row) => ({ page: row.entry_path, visitors: Number(row.visitors) })),
      languages: languages.map((row) => ({ language: row.language, visitors: Number(row.visitors) })),
      viewedDemo: Number(demo.visits ?? 0),
      formViews: forms.map((row) => ({ page: row.path, views: Number(row.views) })),
    };
  },

  /** Every visit, oldest first: what the tests check the counting against; no page or command reads it. */
  async list() {
    return db.selectFrom('visits').selectAll().orderBy('first_at').execute();
  },

  /** The pages one visit viewed, in order. */
  async viewsOf(visitId: string) {
    return db
      .selectFrom('visit_views')
      .select(['path', 'viewed_at'])
      .where('visit_id', '=', visitId)
      .orderBy('viewed_at')
      .execute();
  },

  /** Deletes at most `limit` salts of days up to `day` (included); how many. */
  async removeSaltsThrough(day: string, limit: number): Promise<number> {
    const batch = db.selectFrom('visit_salts').select('day').where('day', '<=', day).orderBy('day').limit(limit);
    const result = await db.deleteFrom('visit_salts').where('day', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Clears at most `limit` visitor hashes of days up to `day` (included), whose salt is gone; how many. */
  async forgetVisitorsThrough(day: string, limit: number): Promise<number> {
    const batch = hashedVisitsThrough(db, day, limit);
    const result = await db.updateTable('visits').set({ visitor: null }).where('id', 'in', batch).executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * Deletes at most `limit` visits of UTC days before `day`, oldest first, with their views; how
   * many. A whole day goes at once, as its totals do (`removeTotalsBefore`).
   */
  async removeBefore(day: string, limit: number): Promise<number> {
    const ids = (
      await db.selectFrom('visits').select('id').where('day', '<', day).orderBy('day').limit(limit).execute()
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    await inTransaction(db, async (trx) => {
      await trx.deleteFrom('visit_views').where('visit_id', 'in', ids).execute();
      await trx.deleteFrom('visits').where('id', 'in', ids).execute();
    });
    return ids.length;
  },

  /** Deletes at most `limit` rows of the daily totals of UTC days before `day`; how many. */
  async removeTotalsBefore(day: string, limit: number): Promise<number> {
    const visits = await sql`delete from visit_totals
      where (day, entry_path, language, source, medium, campaign, device) in (
        select day, entry_path, language, source, medium, campaign, device from visit_totals
        where day < ${day} limit ${limit})`.execute(db);
    const deleted = Number(visits.numAffectedRows ?? 0);
    if (deleted >= limit) return deleted;
    const pages = await sql`delete from page_view_totals where (day, path) in (
        select day, path from page_view_totals where day < ${day} limit ${limit - deleted})`.execute(db);
    return deleted + Number(pages.numAffectedRows ?? 0);
  },
});

export const visitsRepository = repository(visitQueries);
