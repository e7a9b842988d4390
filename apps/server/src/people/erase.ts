import { auditActor, type Actor } from '../lib/actor.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { PeopleTable } from '../repositories/people.ts';
import { erasedMark, without } from './address-match.ts';
import { findRecords } from './records.ts';
import { searchKeys } from '../submissions/lead-search.ts';

/** Rows deleted per table, and other people's rows rewritten without the address. */
export type Erasure = {
  email: string;
  deleted: {
    contacts: number;
    list_memberships: number;
    push_subscriptions: number;
    leads: number;
    quarantine: number;
    outbox: number;
    webhook_events: number;
    demo_bookings: number;
  };
  rewritten: Partial<Record<PeopleTable, number>>;
  /** What the team console held (D41): notes on their leads, and other notes and audit rows naming them. */
  console: { notes_deleted: number; notes_rewritten: number; audit_rewritten: number };
};

/**
 * Erases everything stored about an address, for `npm run people -- erase` and the console, in one
 * transaction with its audit row (D41), which counts what went and names no one: their contact with its memberships, consent records and push subscriptions,
 * their leads and quarantined submissions, mail to or about them, webhook events naming them
 * and their demo bookings (a booked slot is freed) are deleted, with the team's notes on those
 * leads; where someone else typed the address, it is replaced by `[erased]` and the
 * rest of their record kept. Then the address goes on the suppression list (D29), which is
 * all that remains: a salted hash. The Marketing page's daily lead totals lose the leads and
 * bookings deleted in the same transaction (`repositories/lead-totals.ts`, by way of `people`), and
 * their leads' search entries go with the rows (migration 0026).
 *
 * A submission that commits while this runs is not seen by it. The webhook sender checks the
 * list before each delivery, so an event written that way is dropped, never sent.
 */
export async function erasePerson(data: DataAccess, email: string, actor: Actor): Promise<Erasure> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const people = data.people.in(trx);
    const records = await findRecords(people, email);
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    const rewritten: Erasure['rewritten'] = {};
    for (const mention of records.mentions) {
      const rewrittenValue = without(mention.value, records.pattern);
      await people.rewrite(mention.table, mention.id, JSON.stringify(rewrittenValue));
      // A lead's name or company may have held the address: its search keys are made again without it.
      if (mention.table === 'leads')
        await data.leads.in(trx).reindex(mention.id, searchKeys(rewrittenValue as Record<string, unknown>));
      rewritten[mention.table] = (rewritten[mention.table] ?? 0) + 1;
    }
    const notesDeleted = (await data.leads.in(trx).notesOn(ids(records.leads))).length;
    const notes = await data.leads.in(trx).notesMentioning(records.address);
    for (const note of notes)
      await data.leads.in(trx).rewriteNote(note.id, note.text.replace(records.pattern, erasedMark));
    // The audit's rows stay, so the record of who did what survives; only the address goes.
    const audit = await data.audit.in(trx).mentioning(records.address);
    for (const row of audit) {
      await data.audit.in(trx).rewriteDetail(row.id, JSON.stringify(without(JSON.parse(row.detail), records.pattern)));
    }
    const deleted = {
      ...(await people.removeContacts(ids(records.contacts))),
      leads: await people.remove('leads', ids(records.leads)),
      quarantine: await people.remove('quarantine', ids(records.quarantine)),
      outbox: await people.remove('outbox', ids(records.outbox)),
      webhook_events: await people.remove('webhook_events', ids(records.webhookEvents)),
      demo_bookings: await people.remove('demo_bookings', ids(records.demoBookings)),
    };
    await data.suppressions.in(trx).add(records.address);
    // A lead's notes go with it (the foreign key cascades).
    const team = { notes_deleted: notesDeleted, notes_rewritten: notes.length, audit_rewritten: audit.length };
    const rowsDeleted = Object.values(deleted).reduce((sum, count) => sum + count, 0);
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'person.erased',
      recordType: 'person',
      recordId: 'erased',
      detail: { rows_deleted: rowsDeleted, ...team },
    });
    return { email: records.address, deleted, rewritten, console: team };
  });
}
