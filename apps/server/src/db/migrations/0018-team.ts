import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The team console (D40, D41): its members, their passkeys, the single-use links that enrol
 * them or sign them in, their sessions, the WebAuthn challenges in flight, and the audit of
 * every change. Links and sessions are kept by the SHA-256 of their secret, never the secret.
 *
 * Leads gain what the team does with them: a status, an assignee, notes, and who released a
 * held post. `email_domain` is the part after the @, lower-cased, so a search for `@acme.com`
 * reads an index newest first, on both databases, however common the domain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_members')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('zone', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('team_passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('member_id', 'text', (col) => col.notNull().references('team_members.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('team_passkeys_member').on('team_passkeys').column('member_id').execute();
  await db.schema
    .createTable('team_links')
    .addColumn('hash', 'text', (col) => col.primaryKey())
    .addColumn('member_id', 'text', (col) => col.notNull().references('team_members.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('team_links_member').on('team_links').columns(['member_id', 'purpose']).execute();
  await db.schema
    .createTable('team_sessions')
    .addColumn('hash', 'text', (col) => col.primaryKey())
    .addColumn('member_id', 'text', (col) => col.notNull().references('team_members.id').onDelete('cascade'))
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('team_sessions_member').on('team_sessions').column('member_id').execute();
  await db.schema.createIndex('team_sessions_expires').on('team_sessions').column('expires_at').execute();
  await db.schema
    .createTable('team_challenges')
    .addColumn('challenge', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('member_id', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('team_audit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('member_id', 'text')
    .addColumn('member_name', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('record_type', 'text', (col) => col.notNull())
    .addColumn('record_id', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('team_audit_at').on('team_audit').column('at').execute();
  await db.schema.createIndex('team_audit_record').on('team_audit').columns(['record_type', 'record_id']).execute();

  await db.schema
    .alterTable('leads')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
    .execute();
  await db.schema.alterTable('leads').addColumn('assignee_id', 'text').execute();
  await db.schema.alterTable('leads').addColumn('email_domain', 'text').execute();
  await db.schema.alterTable('leads').addColumn('released_by', 'text').execute();
  await sql`update leads set email_domain = lower(substr(email, ${sql.raw(
    isPostgres(db) ? "strpos(email, '@')" : "instr(email, '@')",
  )} + 1))`.execute(db);
  for (const [name, column] of [
    ['leads_status_created_at', 'status'],
    ['leads_assignee_created_at', 'assignee_id'],
    ['leads_domain_created_at', 'email_domain'],
    ['leads_language_created_at', 'language'],
  ] as const) {
    await db.schema.createIndex(name).on('leads').columns([column, 'created_at']).execute();
  }
  await db.schema
    .createTable('lead_notes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('lead_id', 'text', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('member_id', 'text')
    .addColumn('member_name', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('lead_notes_lead').on('lead_notes').columns(['lead_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_notes').execute();
  for (const name of [
    'leads_status_created_at',
    'leads_assignee_created_at',
    'leads_domain_created_at',
    'leads_language_created_at',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  for (const column of ['released_by', 'email_domain', 'assignee_id', 'status']) {
    await db.schema.alterTable('leads').dropColumn(column).execute();
  }
  for (const table of [
    'team_audit',
    'team_challenges',
    'team_sessions',
    'team_links',
    'team_passkeys',
    'team_members',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
