import type { Kysely } from 'kysely';

/**
 * Visits counted without cookies (D42). `visit_salts` holds one random salt per UTC day, deleted
 * after 48 hours; `visits.visitor` is the hash made with it, and is cleared with it, so no visitor
 * can be followed from one day to the next. A visit keeps its entry page and source, and
 * `visit_views` the pages it viewed; both are kept 13 months. No column holds an address, a user
 * agent, a cookie or a token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visit_salts')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('salt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('visits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text')
    .addColumn('entry_path', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('click_id', 'text')
    .addColumn('referrer_host', 'text')
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addColumn('first_at', 'text', (col) => col.notNull())
    .addColumn('last_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('visits_visitor').on('visits').columns(['visitor', 'day']).execute();
  await db.schema.createIndex('visits_day').on('visits').column('day').execute();
  await db.schema.createIndex('visits_first_at').on('visits').column('first_at').execute();
  await db.schema
    .createTable('visit_views')
    .addColumn('visit_id', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('viewed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('visit_views_visit').on('visit_views').column('visit_id').execute();
  await db.schema.createIndex('visit_views_viewed_at').on('visit_views').columns(['viewed_at', 'path']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visit_views').execute();
  await db.schema.dropTable('visits').execute();
  await db.schema.dropTable('visit_salts').execute();
}
