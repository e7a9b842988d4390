import { sql, type Kysely } from 'kysely';

/**
 * The Marketing page (issue 40) groups leads by their source in SQL, the same way on SQLite and
 * PostgreSQL, whose JSON operators differ: so the parts it groups by are columns beside the
 * `source` JSON, written with it. Leads stored before are filled from their JSON here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('source_name', 'text').execute();
  for (const column of ['source_medium', 'source_campaign', 'entry_path', 'form_page'])
    await db.schema.alterTable('leads').addColumn(column, 'text').execute();
  const rows = await sql<{ id: string; source: string }>`select id, source from leads where source is not null`.execute(
    db,
  );
  for (const row of rows.rows) {
    const columns = sourceColumns(JSON.parse(row.source) as StoredSource);
    await sql`update leads set source_name = ${columns.source_name}, source_medium = ${columns.source_medium},
      source_campaign = ${columns.source_campaign}, entry_path = ${columns.entry_path}, form_page = ${columns.form_page}
      where id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex('leads_source_name').on('leads').columns(['source_name', 'created_at']).execute();
  await db.schema.createIndex('demo_bookings_lead').on('demo_bookings').column('lead_id').execute();
  await db.schema
    .createIndex('visits_day_source')
    .on('visits')
    .columns(['day', 'utm_source', 'referrer_host', 'utm_medium', 'utm_campaign'])
    .execute();
  // Covering: the page's reads of a range of days, and of a page's views, never visit the rows.
  await db.schema
    .createIndex('visits_day_entry')
    .on('visits')
    .columns(['day', 'entry_path', 'language', 'views'])
    .execute();
  await db.schema
    .createIndex('visit_views_path')
    .on('visit_views')
    .columns(['path', 'viewed_at', 'visit_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('visit_views_path').execute();
  await db.schema.dropIndex('visits_day_entry').execute();
  await db.schema.dropIndex('visits_day_source').execute();
  await db.schema.dropIndex('demo_bookings_lead').execute();
  await db.schema.dropIndex('leads_source_name').execute();
  for (const column of ['form_page', 'entry_path', 'source_campaign', 'source_medium', 'source_name'])
    await db.schema.alterTable('leads').dropColumn(column).execute();
}

/** The source as 0020 stored it; a migration keeps its own copy of the shapes it reads. */
type StoredSource = {
  channel: 'site' | 'api';
  form_page: string | null;
  visit: {
    entry_path: string;
    utm_source: string | null;
    utm_medium: string | null;
    utm_campaign: string | null;
    referrer_host: string | null;
  } | null;
};

const sourceColumns = (source: StoredSource) => ({
  source_name:
    source.channel === 'api'
      ? 'api'
      : source.visit
        ? (source.visit.utm_source ?? source.visit.referrer_host ?? 'direct')
        : null,
  source_medium: source.visit?.utm_medium ?? null,
  source_campaign: source.visit?.utm_campaign ?? null,
  entry_path: source.visit?.entry_path ?? null,
  form_page: source.form_page,
});
