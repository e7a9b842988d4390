import type { VisitSource } from '@growmail/contracts/lead-source';
import { mostRows } from '@growmail/contracts/marketing';
import { sql, type Insertable } from 'kysely';
import type { VisitsTable, VisitViewsTable } from '../db/schema.ts';
import { repository, type Executor } from './repository.ts';

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

  /** Writes one batch in one transaction: every view of it is stored, or none. */
  async record(writes: VisitWrites): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < writes.created.length; start += 100)
        await trx
          .insertInto('visits')
          .values(writes.created.slice(start, start + 100))
          .execute();
      for (const visit of writes.extended)
        await trx
          .updateTable('visits')
          .set({
            views: sql`views + ${visit.views}`,
            first_at: sql`case when first_at > ${visit.first_at} then ${visit.first_at} else first_at end`,
            last_at: sql`case when last_at < ${visit.last_at} then ${visit.last_at} else last_at end`,
          })
          .where('id', '=', visit.id)
          .execute();
      for (let start = 0; start < writes.views.length; start += 300)
        await trx
          .insertInto('visit_views')
          .values(writes.views.slice(start, start + 300))
          .execute();
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
   * The Marketing page's visit figures for UTC days `from` to `to`, both included, grouped in SQL
   * (issue 40): per day, by source, by entry page and by language; the visits that viewed a demo
   * page; and the views of each page in `formPages`. Counts come back as numbers on both databases.
   */
  async marketing(from: string, to: string, formPages: readonly string[], demoPages: readonly string[]) {
    const inRange = db.selectFrom('visits').where('day', '>=', from).where('day', '<=', to);
    const viewed = db
      .selectFrom('visit_views')
      .where('viewed_at', '>=', `${from}T00:00:00.000Z`)
      .where('viewed_at', '<', `${to}T24:00:00.000Z`);
    const source = sql<string>`coalesce(utm_source, referrer_host, 'direct')`;
    const medium = sql<string>`coalesce(utm_medium, '')`;
    const campaign = sql<string>`coalesce(utm_campaign, '')`;
    const count = sql<string | number>`count(*)`;
    const [daily, sources, entries, languages, demo, forms] = await Promise.all([
      inRange
        .select(['day', count.as('visitors'), sql<string | number>`sum(views)`.as('views')])
        .groupBy('day')
        .orderBy('day')
        .execute(),
      inRange
        .select([source.as('source'), medium.as('medium'), campaign.as('campaign'), count.as('visitors')])
        .groupBy([source, medium, campaign])
        .orderBy(count, 'desc')
        .limit(mostRows)
        .execute(),
      inRange
        .select(['entry_path', count.as('visitors')])
        .groupBy('entry_path')
        .orderBy(count, 'desc')
        .limit(mostRows)
        .execute(),
      inRange
        .select(['language', count.as('visitors')])
        .groupBy('language')
        .execute(),
      viewed
        .where('path', 'in', demoPages)
        .select(sql<string | number>`count(distinct visit_id)`.as('visits'))
        .executeTakeFirstOrThrow(),
      viewed
        .where('path', 'in', formPages)
        .select(['path', count.as('views')])
        .groupBy('path')
        .execute(),
    ]);
    return {
      daily: daily.map((row) => ({ day: row.day, visitors: Number(row.visitors), views: Number(row.views) })),
      sources: sources.map((row) => ({ ...row, visitors: Number(row.visitors) })),
      entries: entries.map((row) => ({ page: row.entry_path, visitors: Number(row.visitors) })),
      languages: languages.map((row) => ({ language: row.language, visitors: Number(row.visitors) })),
      viewedDemo: Number(demo.visits),
      formViews: forms.map((row) => ({ page: row.path, views: Number(row.views) })),
    };
  },

  /** Every visit, oldest first (tests and the commands; the console reads its own figures). */
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
    const batch = db
      .selectFrom('visits')
      .select('id')
      .where('day', '<=', day)
      .where('visitor', 'is not', null)
      .limit(limit);
    const result = await db.updateTable('visits').set({ visitor: null }).where('id', 'in', batch).executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Deletes at most `limit` visits begun before `before`, oldest first, with their views; how many. */
  async removeBefore(before: Date, limit: number): Promise<number> {
    const ids = (
      await db
        .selectFrom('visits')
        .select('id')
        .where('first_at', '<', before.toISOString())
        .orderBy('first_at')
        .limit(limit)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('visit_views').where('visit_id', 'in', ids).execute();
      await trx.deleteFrom('visits').where('id', 'in', ids).execute();
    });
    return ids.length;
  },
});

export const visitsRepository = repository(visitQueries);
