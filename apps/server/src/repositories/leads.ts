import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import type { InboxFilters, InboxView, LeadStatus } from '@growmail/contracts/team';
import { sourceColumns, type LeadSource } from '@growmail/contracts/lead-source';
import { mostRows } from '@growmail/contracts/marketing';
import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { addToTotals, countedLeads, newLead } from './lead-totals.ts';
import { escapeLike } from './people.ts';
import { inTransaction, olderThan, repository, streamBatch, type Executor, type KeysetCursor } from './repository.ts';

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
  /** A source's name, as the Marketing page groups leads (`source_name`), in any case. */
  source?: string;
  medium?: string;
  campaign?: string;
};

/**
 * Leads from a source, medium and campaign as the Marketing page names them, in any case (issue
 * 54): `unknown` is a lead whose visit was not counted, and `(none)` a medium or campaign the link
 * did not name, both stored as null. The source is read by its lower-cased index (0029).
 */
function fromSource<Query extends SelectQueryBuilder<Database, 'leads', object>>(
  query: Query,
  filter: { source?: string | undefined; medium?: string | undefined; campaign?: string | undefined },
): Query {
  const part = (
    column: 'source_name' | 'source_medium' | 'source_campaign',
    value: string | undefined,
    none: string,
  ) => {
    if (!value) return (q: Query) => q;
    return (q: Query) =>
      (value.toLowerCase() === none
        ? q.where(sql<string | null>`lower(${sql.ref(column)})`, 'is', null)
        : q.where(sql<string | null>`lower(${sql.ref(column)})`, '=', value.toLowerCase())) as Query;
  };
  return [
    part('source_name', filter.source, 'unknown'),
    part('source_medium', filter.medium, '(none)'),
    part('source_campaign', filter.campaign, '(none)'),
  ].reduce((q, narrow) => narrow(q), query);
}

const newestFirst = (db: Executor, filter: LeadFilter & { limit?: number }) => {
  let query = db.selectFrom('leads').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.since) query = query.where('created_at', '>=', filter.since);
  if (filter.until) query = query.where('created_at', '<', filter.until);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.assignee === 'nobody') query = query.where('assignee_id', 'is', null);
  else if (filter.assignee) query = query.where('assignee_id', '=', filter.assignee);
  if (filter.language) query = query.where('language', '=', filter.language);
  query = fromSource(query, filter);
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

/** What a lead is found by beside its address (`submissions/lead-search.ts` makes them from its fields). */
export type LeadSearchKeys = {
  /** Its name and company, as a role that sees contacts masked is shown them, lower-cased and without accents. */
  search_names: string;
  /** Its phone number, E.164 or its digits; null when it gave none. */
  phone: string | null;
};

/** A search, as `submissions/lead-search.ts` reads what was typed. */
export type LeadSearch =
  | { kind: 'address'; address: string }
  | { kind: 'domain'; domain: string }
  | { kind: 'phone'; phones: string[] }
  /** Every word in the name or company, and with `contacts` in the address too. */
  | { kind: 'words'; words: string[]; contacts: boolean };

/**
 * Leads a word search on SQLite reads from its trigram index before it gives up on it: a word
 * in more leads than this (a common surname) is looked for by reading the newest leads instead,
 * where it turns up within a few thousand rows.
 */
const indexedAtMost = 2000;

/** The text a word search reads: names and companies, and for a role that sees contacts the address too. */
const searchedText = (contacts: boolean) =>
  contacts ? sql<string>`(search_names || ' ' || lower(email))` : sql<string>`search_names`;

/** Each word somewhere in the searched text. */
const containsEvery = (words: string[], contacts: boolean): Expression<SqlBool> =>
  sql<SqlBool>`${sql.join(
    words.map((word) => sql`${searchedText(contacts)} like ${`%${escapeLike(word)}%`} escape '\\'`),
    sql` and `,
  )}`;

/** An FTS5 query for the words long enough for its trigrams, each a phrase, in the columns searched. */
const ftsQuery = (words: string[], contacts: boolean) =>
  `{${contacts ? 'names contacts' : 'names'}} : (${words
    .filter((word) => [...word].length >= 3)
    .map((word) => `"${word.replaceAll('"', '""')}"`)
    .join(' AND ')})`;

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
   * from the quarantine keeps the time it was sent, and names who released it. The Marketing
   * page's totals count it in the same transaction. Its search keys are written with it.
   */
  async insert(
    kind: LeadKind,
    email: string,
    metadata: Record<string, unknown>,
    search: LeadSearchKeys,
    language: Language = 'en',
    source: LeadSource | null = null,
    released?: { sentAt: string; by: string },
  ): Promise<string> {
    const lead = {
      id: randomUUID(),
      type: kind,
      email,
      metadata: JSON.stringify(metadata),
      ...search,
      language,
      email_domain: domainOf(email),
      source: source && JSON.stringify(source),
      ...sourceColumns(source),
      created_at: released?.sentAt ?? new Date().toISOString(),
      released_by: released?.by ?? null,
    };
    await inTransaction(db, async (trx) => {
      await trx.insertInto('leads').values(lead).execute();
      await addToTotals(trx, newLead(lead));
    });
    return lead.id;
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
    query = fromSource(query, filters);
    if (filters.from) query = query.where('created_at', '>=', filters.from);
    if (filters.to) query = query.where('created_at', '<', filters.to);
    return query.execute();
  },

  /**
   * How many leads each inbox view holds (issue 54), each counted to at most `cap` rows, so a
   * million leads cost no more than a thousand: every view is served by an index that starts with
   * its condition. `since` is midnight in the member's zone, as an ISO instant.
   */
  async viewCounts(memberId: string, since: string, cap: number): Promise<Record<InboxView, number>> {
    const leads = db.selectFrom('leads').select(sql<number>`1`.as('one'));
    const open = leads.where('status', '=', 'new');
    const views = {
      'new-today': open.where('created_at', '>=', since),
      unassigned: open.where('assignee_id', 'is', null),
      mine: open.where('assignee_id', '=', memberId),
      handled: leads.where('status', '=', 'handled'),
      all: leads,
    };
    const counted = await Promise.all(
      Object.values(views).map((view) =>
        db
          .selectFrom(view.limit(cap).as('capped'))
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return Object.fromEntries(Object.keys(views).map((name, index) => [name, Number(counted[index]!.n)])) as Record<
      InboxView,
      number
    >;
  },

  /**
   * The Marketing page's lead figures for UTC days from `since` to before `until` (issues 40 and
   * 53), read from the daily totals: per day, by source, by entry page, by language and by the
   * page its form was on; and the live demo bookings made in the range, per day and by their
   * lead's source. The funnel counts demo requests received in the range and their live
   * bookings, leaving out requests from elsewhere (`api`), whose visits it did not see. The
   * leads sent in a counted visit, by the language that visit entered in, are what the page sets
   * against visits by language: a lead from elsewhere, or from a visit not counted, had none.
   */
  async marketing(since: string, until: string) {
    const inRange = db.selectFrom('lead_totals').where('day', '>=', since).where('day', '<', until);
    const leads = sql<string | number>`sum(leads)`;
    const demos = sql<string | number>`sum(demos)`;
    // The language a visit entered in, as visits are counted (`visitOf` in contracts/visits.ts).
    const entryLanguage = sql<string>`case when entry_path = '/fr' or entry_path like '/fr/%' then 'fr' else 'en' end`;
    const [daily, sources, entries, languages, forms, demosDaily, demoSources, funnel, visitLanguages] =
      await Promise.all([
        inRange
          .select(['day', leads.as('leads')])
          .groupBy('day')
          .having(leads, '>', 0)
          .execute(),
        inRange
          .select(['source', 'medium', 'campaign', leads.as('leads')])
          .groupBy(['source', 'medium', 'campaign'])
          .having(leads, '>', 0)
          .orderBy(leads, 'desc')
          .limit(mostRows)
          .execute(),
        inRange
          .where('entry_path', '!=', '')
          .select(['entry_path', leads.as('leads')])
          .groupBy('entry_path')
          .having(leads, '>', 0)
          .orderBy(leads, 'desc')
          .limit(mostRows)
          .execute(),
        inRange
          .select(['language', leads.as('leads')])
          .groupBy('language')
          .having(leads, '>', 0)
          .execute(),
        inRange
          .where('form_page', '!=', '')
          .select(['form_page', leads.as('leads')])
          .groupBy('form_page')
          .having(leads, '>', 0)
          .execute(),
        inRange
          .select(['day', demos.as('demos')])
          .groupBy('day')
          .having(demos, '>', 0)
          .execute(),
        inRange
          .select(['source', 'medium', 'campaign', demos.as('demos')])
          .groupBy(['source', 'medium', 'campaign'])
          .having(demos, '>', 0)
          .execute(),
        inRange
          .where('type', '=', 'demo')
          .where('source', '!=', 'api')
          .select([
            sql<string | number | null>`sum(leads)`.as('requested'),
            sql<string | number | null>`sum(booked)`.as('booked'),
          ])
          .executeTakeFirstOrThrow(),
        // Only a lead sent in a counted visit has an entry page: those alone are set against visits.
        inRange
          .where('entry_path', '!=', '')
          .select([entryLanguage.as('language'), leads.as('leads')])
          .groupBy(entryLanguage)
          .having(leads, '>', 0)
          .execute(),
      ]);
    return {
      daily: daily.map((row) => ({ day: row.day, leads: Number(row.leads) })),
      sources: sources.map((row) => ({ ...row, leads: Number(row.leads) })),
      entries: entries.map((row) => ({ page: row.entry_path, leads: Number(row.leads) })),
      languages: languages.map((row) => ({ language: row.language as string, leads: Number(row.leads) })),
      forms: forms.map((row) => ({ page: row.form_page, leads: Number(row.leads) })),
      demosDaily: demosDaily.map((row) => ({ day: row.day, demos: Number(row.demos) })),
      demoSources: demoSources.map((row) => ({ ...row, demos: Number(row.demos) })),
      visitLanguages: visitLanguages.map((row) => ({ language: row.language, leads: Number(row.leads) })),
      requested: Number(funnel.requested ?? 0),
      booked: Number(funnel.booked ?? 0),
    };
  },

  /**
   * Leads a search finds, newest first, after the cursor, one page (issue 54). An address, a
   * domain and a phone number are looked up by their own indexes. Words are looked for in the
   * names and companies (and the addresses) by trigrams: PostgreSQL's pg_trgm indexes serve the
   * LIKE itself; SQLite asks its FTS5 trigram table for the leads first, and reads the newest
   * leads instead when a word is in more than `indexedAtMost` of them.
   */
  async search(search: LeadSearch, after: KeysetCursor | undefined, limit: number) {
    const query = inboxPage(db, after, limit);
    if (search.kind === 'address')
      return query.where((eb) => eb(eb.fn('lower', ['email']), '=', search.address)).execute();
    if (search.kind === 'domain') return query.where('email_domain', '=', search.domain).execute();
    if (search.kind === 'phone') return query.where('phone', 'in', search.phones).execute();
    const matching = query.where(containsEvery(search.words, search.contacts));
    if (db.getExecutor().adapter instanceof PostgresAdapter) return matching.execute();
    const { rows } = await sql<{ rowid: number }>`select rowid from leads_search
      where leads_search match ${ftsQuery(search.words, search.contacts)} limit ${indexedAtMost + 1}`.execute(db);
    if (rows.length > indexedAtMost) return matching.execute();
    if (rows.length === 0) return [];
    return matching
      .where(
        sql<number>`rowid`,
        'in',
        rows.map((row) => row.rowid),
      )
      .execute();
  },

  /** Writes a lead's search keys again, after its fields were rewritten (an erasure's). */
  async reindex(id: string, search: LeadSearchKeys): Promise<void> {
    await db.updateTable('leads').set(search).where('id', '=', id).execute();
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

  /** Some leads' kinds and fields, by id, for the audit's sentences; erased ones are missing. */
  named(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('leads').select(['id', 'type', 'email', 'metadata']).where('id', 'in', ids).execute();
  },

  /** Deletes at most `limit` leads written before `before`, oldest first, with what they counted in the totals; how many. */
  async removeCreatedBefore(before: Date, limit: number): Promise<number> {
    return inTransaction(db, async (trx) => {
      const batch = await trx
        .selectFrom('leads')
        .select('id')
        .where('created_at', '<', before.toISOString())
        .orderBy('created_at')
        .limit(limit)
        .execute();
      const ids = batch.map((row) => row.id);
      if (ids.length === 0) return 0;
      await addToTotals(trx, await countedLeads(trx, ids), -1);
      const result = await trx.deleteFrom('leads').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  },
});

export const leadsRepository = repository(leadQueries);
