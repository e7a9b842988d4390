import { sql, type Kysely } from 'kysely';

/**
 * Daily totals for the Marketing page (issue 40): it read up to a million visits for 90 days and
 * missed its 300 ms. `visit_totals` holds, per UTC day and each mix of entry page, language,
 * source, medium, campaign and device, the visits (the page's visitors), their page views and
 * those that viewed a demo page; `page_view_totals` the views of each page per day. The counter
 * adds to both in the transaction that writes the visits, and housekeeping deletes a day of them
 * with that day's visits. `visits.viewed_demo` marks a visit already counted in the funnel, so a
 * later view of a demo page in the same visit is not counted again. The totals are filled here
 * from the visits kept so far.
 *
 * The indexes that served the page's scans of visits and views go: nothing reads them now, and
 * each one costs every counted view a write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('visits')
    .addColumn('viewed_demo', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update visits set viewed_demo = 1
    where id in (select visit_id from visit_views where path in ('/demo', '/fr/demo'))`.execute(db);

  await db.schema
    .createTable('visit_totals')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('entry_path', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('medium', 'text', (col) => col.notNull())
    .addColumn('campaign', 'text', (col) => col.notNull())
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addColumn('demo_visitors', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('visit_totals_key', [
      'day',
      'entry_path',
      'language',
      'source',
      'medium',
      'campaign',
      'device',
    ])
    .execute();
  await sql`insert into visit_totals
      (day, entry_path, language, source, medium, campaign, device, visitors, views, demo_visitors)
    select day, entry_path, language, coalesce(utm_source, referrer_host, 'direct'), coalesce(utm_medium, ''),
      coalesce(utm_campaign, ''), device, count(*), sum(views), sum(viewed_demo)
    from visits
    group by day, entry_path, language, coalesce(utm_source, referrer_host, 'direct'), coalesce(utm_medium, ''),
      coalesce(utm_campaign, ''), device`.execute(db);

  await db.schema
    .createTable('page_view_totals')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('page_view_totals_key', ['day', 'path'])
    .execute();
  await sql`insert into page_view_totals (day, path, views)
    select substr(viewed_at, 1, 10), path, count(*) from visit_views group by substr(viewed_at, 1, 10), path`.execute(
    db,
  );

  for (const index of ['visits_day_source', 'visits_day_entry', 'visit_views_path', 'visit_views_viewed_at'])
    await db.schema.dropIndex(index).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('visit_views_viewed_at').on('visit_views').columns(['viewed_at', 'path']).execute();
  await db.schema
    .createIndex('visit_views_path')
    .on('visit_views')
    .columns(['path', 'viewed_at', 'visit_id'])
    .execute();
  await db.schema
    .createIndex('visits_day_entry')
    .on('visits')
    .columns(['day', 'entry_path', 'language', 'views'])
    .execute();
  await db.schema
    .createIndex('visits_day_source')
    .on('visits')
    .columns(['day', 'utm_source', 'referrer_host', 'utm_medium', 'utm_campaign'])
    .execute();
  await db.schema.dropTable('page_view_totals').execute();
  await db.schema.dropTable('visit_totals').execute();
  await db.schema.alterTable('visits').dropColumn('viewed_demo').execute();
}
