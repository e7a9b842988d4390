import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import type { InboxFilters, LeadStatus } from '@growmail/contracts/team';
import { sourceColumns, type LeadSource } from '@growmail/contracts/lead-source';
import { mostRows } from '@growmail/contracts/marketing';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { olderThan, repository, streamBatch, type Executor, type KeysetCursor } from './repository.ts';

/**
 * Which leads to read: one kind, received since an ISO time; the console's export adds the
 * inbox's filters (D41): received before a time, a status, an assignee (`nobody` for none) and
 * a language. All optional.
 */
export type LeadFilter = {
  type?: LeadKind;
  since?: string;
  until?: string;
  status?: LeadStatus;
  assignee?: string;
  language?: Language;
  /** A source's name, as the Marketing page groups leads (`source_name`). */
  source?: string;
};

const newestFirst = (db: Executor, filter: LeadFilter & { limit?: number }) => {
  let query = db.selectFrom('leads').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.since) query = query.where('created_at', '>=', filter.since);
  if (filter.until) query = query.where('created_at', '<', filter.until);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.assignee === 'nobody') query = query.where('assignee_id', 'is', null);
  else if (filter.assignee) query = query.where('assignee_id', '=', filter.assignee);
  if (filter.language) query = query.where('language', '=', filter.language);
  if (filter.source) query = query.where('source_name', '=', filter.source);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query;
};

const inboxColumns = [
  'id',
  'type',
  'email',
  'language',
  'status',
  'assignee_id',
  'created_at',
  'metadata',
  'released_by',
  'source_name',
] as const;

/** An address's domain, lower-cased; null when it has none. */
const domainOf = (email: string): string | null => {
  const at = email.lastIndexOf('@');
  return at < 0 ? null : email.slice(at + 1).toLowerCase();
};

/** Leads as the inbox lists them: newest first, after the cursor, one page. */
const inboxPage = (db: Executor, after: KeysetCursor | undefined, limit: number) => {
  const query = db
    .selectFrom('leads')
    .select(inboxColumns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  return after ? query.where(olderThan(after)) : query;
};

const leadQueries = (db: Executor) => ({
  /**
   * Stores a lead, in the language it was sent in (D37), and returns its id. A post released
   * from the quarantine keeps the time it was sent, and names who released it.
   */
  async insert(
    kind: LeadKind,
    email: string,
    metadata: Record<string, unknown>,
    language: Language = 'en',
    source: LeadSource | null = null,
    released?: { sentAt: string; by: string },
  ): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('leads')
      .values({
        id,
        type: kind,
        email,
        metadata: JSON.stringify(metadata),
        language,
        email_domain: domainOf(email),
        source: source && JSON.stringify(source),
        ...sourceColumns(source),
        created_at: released?.sentAt ?? new Date().toISOString(),
        released_by: released?.by ?? null,
      })
      .execute();
    return id;
  },

  /**
   * The inbox (D41): newest first, after a keyset cursor, with the filters the URL names.
   * `assignee` is a member's id, or `nobody`; the caller turns `mine` into the member's id.
   */
  inbox(filters: InboxFilters, after: KeysetCursor | undefined, limit: number) {
    let query = inboxPage(db, after, limit);
    if (filters.form) query = query.where('type', '=', filters.form);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.assignee === 'nobody') query = query.where('assignee_id', 'is', null);
    else if (filters.assignee) query = query.where('assignee_id', '=', filters.assignee);
    if (filters.language) query = query.where('language', '=', filters.language);
    if (filters.source) query = query.where('source_name', '=', filters.source);
    if (filters.from) query = query.where('created_at', '>=', filters.from);
    if (filters.to) query = query.where('created_at', '<', filters.to);
    return query.execute();
  },

  /**
   * The Marketing page's lead figures for leads received from `since` to before `until` (issue
   * 40), grouped in SQL on the source columns written with each lead: per day, by source, by
   * entry page, by language and by the page its form was on; and the demo bookings made in the
   * range, per day and by their lead's source. Demo requests from elsewhere (`api`) are left out
   * of the funnel, whose visits they did not make.
   */
  async marketing(since: string, until: string) {
    const inRange = db.selectFrom('leads').where('leads.created_at', '>=', since).where('leads.created_at', '<', until);
    const booked = db
      .selectFrom('demo_bookings')
      .where('demo_bookings.created_at', '>=', since)
      .where('demo_bookings.created_at', '<', until);
    const count = sql<string | number>`count(*)`;
    const day = sql<string>`substr(created_at, 1, 10)`;
    const medium = sql<string>`coalesce(source_medium, '')`;
    const campaign = sql<string>`coalesce(source_campaign, '')`;
    const [daily, sources, entries, languages, forms, demosDaily, demoSources, funnel] = await Promise.all([
      inRange
        .select([day.as('day'), count.as('leads')])
        .groupBy(day)
        .execute(),
      inRange
        .select([
          sql<string>`coalesce(source_name, 'unknown')`.as('source'),
          medium.as('medium'),
          campaign.as('campaign'),
          count.as('leads'),
        ])
        .groupBy([sql`coalesce(source_name, 'unknown')`, medium, campaign])
        .orderBy(count, 'desc')
        .limit(mostRows)
        .execute(),
      inRange
        .where('entry_path', 'is not', null)
        .select(['entry_path', count.as('leads')])
        .groupBy('entry_path')
        .orderBy(count, 'desc')
        .limit(mostRows)
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
        .select([sql<string>`substr(demo_bookings.created_at, 1, 10)`.as('day'), count.as('demos')])
        .groupBy(sql`substr(demo_bookings.created_at, 1, 10)`)
        .execute(),
      booked
        .innerJoin('leads', 'leads.id', 'demo_bookings.lead_id')
        .select([
          sql<string>`coalesce(leads.source_name, 'unknown')`.as('source'),
          sql<string>`coalesce(leads.source_medium, '')`.as('medium'),
          sql<string>`coalesce(leads.source_campaign, '')`.as('campaign'),
          count.as('demos'),
        ])
        .groupBy([
          sql`coalesce(leads.source_name, 'unknown')`,
          sql`coalesce(leads.source_medium, '')`,
          sql`coalesce(leads.source_campaign, '')`,
        ])
        .execute(),
      inRange
        .where('type', '=', 'demo')
        .where((eb) => eb.or([eb('source_name', 'is', null), eb('source_name', '!=', 'api')]))
        .leftJoin('demo_bookings', 'demo_bookings.lead_id', 'leads.id')
        .select([
          sql<string | number>`count(distinct leads.id)`.as('requested'),
          sql<string | number>`count(distinct demo_bookings.id)`.as('booked'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    const counted = <Row extends Record<string, unknown>>(rows: Row[], key: keyof Row & string) =>
      rows.map((row) => ({ ...row, [key]: Number(row[key]) }));
    return {
      daily: counted(daily, 'leads') as Array<{ day: string; leads: number }>,
      sources: counted(sources, 'leads') as Array<{ source: string; medium: string; campaign: string; leads: number }>,
      entries: entries.map((row) => ({ page: row.entry_path!, leads: Number(row.leads) })),
      languages: languages.map((row) => ({ language: row.language as string, leads: Number(row.leads) })),
      forms: forms.map((row) => ({ page: row.form_page!, leads: Number(row.leads) })),
      demosDaily: counted(demosDaily, 'demos') as Array<{ day: string; demos: number }>,
      demoSources: counted(demoSources, 'demos') as Array<{
        source: string;
        medium: string;
        campaign: string;
        demos: number;
      }>,
      requested: Number(funnel.requested),
      booked: Number(funnel.booked),
    };
  },

  /** Leads sent from an address, or from any address at a domain (`@acme.com`), newest first. */
  search(term: string, after: KeysetCursor | undefined, limit: number) {
    const query = inboxPage(db, after, limit);
    return (
      term.startsWith('@')
        ? query.where('email_domain', '=', term.slice(1))
        : query.where((eb) => eb(eb.fn('lower', ['email']), '=', term))
    ).execute();
  },

  async assign(id: string, memberId: string | null): Promise<boolean> {
    const result = await db.updateTable('leads').set({ assignee_id: memberId }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async setStatus(id: string, status: LeadStatus): Promise<boolean> {
    const result = await db.updateTable('leads').set({ status }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Leaves every lead of a member to nobody, when the member is removed. */
  async unassignAll(memberId: string): Promise<void> {
    await db.updateTable('leads').set({ assignee_id: null }).where('assignee_id', '=', memberId).execute();
  },

  async addNote(leadId: string, member: { id: string; name: string }, text: string): Promise<void> {
    await db
      .insertInto('lead_notes')
      .values({
        id: randomUUID(),
        lead_id: leadId,
        member_id: member.id,
        member_name: member.name,
        text,
        created_at: new Date().toISOString(),
      })
      .execute();
  },

  /** Notes whose text names an address (lower-cased), for erasing it from them. */
  notesMentioning(address: string) {
    return db
      .selectFrom('lead_notes')
      .select(['id', 'text'])
      .where((eb) => eb(eb.fn('lower', ['text']), 'like', `%${address.replace(/[\\%_]/g, '\\$&')}%`))
      .execute();
  },

  async rewriteNote(id: string, text: string): Promise<void> {
    await db.updateTable('lead_notes').set({ text }).where('id', '=', id).execute();
  },

  /** The notes on some leads, for a person's export. */
  notesOn(leadIds: string[]) {
    if (leadIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('lead_notes').selectAll().where('lead_id', 'in', leadIds).orderBy('created_at').execute();
  },

  notes(leadId: string) {
    return db.selectFrom('lead_notes').selectAll().where('lead_id', '=', leadId).orderBy('created_at').execute();
  },

  /** Where a lead came from (D42); null when it has none or does not exist. */
  async sourceOf(id: string): Promise<LeadSource | null> {
    const row = await db.selectFrom('leads').select('source').where('id', '=', id).executeTakeFirst();
    return row?.source ? (JSON.parse(row.source) as LeadSource) : null;
  },

  /** Leads of one kind and received since an ISO time (all three optional), newest first, at most `limit`. */
  list(filter: LeadFilter & { limit?: number }) {
    return newestFirst(db, filter).execute();
  },

  /** The same leads as `list`, read from the database as they are consumed: any number in the memory of a batch. */
  stream(filter: LeadFilter & { limit?: number }) {
    return newestFirst(db, filter).stream(streamBatch);
  },

  find(id: string) {
    return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Deletes at most `limit` leads written before `before`, oldest first; how many. */
  async removeCreatedBefore(before: Date, limit: number): Promise<number> {
    const batch = db
      .selectFrom('leads')
      .select('id')
      .where('created_at', '<', before.toISOString())
      .orderBy('created_at')
      .limit(limit);
    const result = await db.deleteFrom('leads').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});

export const leadsRepository = repository(leadQueries);
