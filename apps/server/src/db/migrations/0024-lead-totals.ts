import { sql, type Kysely } from 'kysely';

/**
 * Daily totals of leads for the Marketing page (issue 53): at a million leads it counted them
 * row by row and took over a second. `lead_totals` holds, per UTC day and each mix of kind,
 * language, source, medium, campaign, entry page and form page, the leads received, the live
 * bookings of those leads (the funnel's "booked") and the live bookings made that day (the
 * page's "demos"). Every write of a lead or a booking adds to it in its own transaction
 * (`repositories/lead-totals.ts`); it is filled here from the rows kept so far.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_totals')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('medium', 'text', (col) => col.notNull())
    .addColumn('campaign', 'text', (col) => col.notNull())
    .addColumn('entry_path', 'text', (col) => col.notNull())
    .addColumn('form_page', 'text', (col) => col.notNull())
    .addColumn('leads', 'integer', (col) => col.notNull())
    .addColumn('booked', 'integer', (col) => col.notNull())
    .addColumn('demos', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('lead_totals_key', [
      'day',
      'type',
      'language',
      'source',
      'medium',
      'campaign',
      'entry_path',
      'form_page',
    ])
    .execute();
  const place = sql`l.type as type, l.language as language, coalesce(l.source_name, 'unknown') as source,
    coalesce(l.source_medium, '') as medium, coalesce(l.source_campaign, '') as campaign,
    coalesce(l.entry_path, '') as entry_path, coalesce(l.form_page, '') as form_page`;
  await sql`insert into lead_totals
      (day, type, language, source, medium, campaign, entry_path, form_page, leads, booked, demos)
    select day, type, language, source, medium, campaign, entry_path, form_page, sum(leads), sum(booked), sum(demos)
    from (
      select substr(l.created_at, 1, 10) as day, ${place}, 1 as leads, 0 as booked, 0 as demos from leads l
      union all
      select substr(l.created_at, 1, 10), ${place}, 0, 1, 0
        from demo_bookings b join leads l on l.id = b.lead_id where b.status = 'booked'
      union all
      select substr(b.created_at, 1, 10), ${place}, 0, 0, 1
        from demo_bookings b join leads l on l.id = b.lead_id where b.status = 'booked'
    ) as counted
    group by day, type, language, source, medium, campaign, entry_path, form_page`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_totals').execute();
}
