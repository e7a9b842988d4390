import type { LeadStatus } from '@growmail/contracts/team';
import { auditActor, type Actor } from '../lib/actor.ts';
import { queueLeadAlerts } from '../outbox/alerts.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';

/**
 * What sales does with a lead (D41): assign it, mark it handled or new, add a note. Each is one
 * transaction holding the change and its audit row, so no change is kept without the row that
 * says who made it; `gone` when the lead is not there (erased meanwhile, or never was), and then
 * nothing is written.
 */

/** What became of a change to a lead. */
export type LeadChange = 'changed' | 'gone';

/** A member a lead can be given to, or nobody. */
export type Assignee = { id: string; name: string } | null;

function changeLead(
  data: DataAccess,
  leadId: string,
  actor: Actor,
  write: (
    trx: Executor,
    lead: { assignee_id: string | null },
  ) => Promise<{ changed: boolean; action: string; detail?: Record<string, unknown> }>,
): Promise<LeadChange> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const lead = await data.leads.in(trx).find(leadId);
    if (!lead) return 'gone';
    const { changed, action, detail } = await write(trx, lead);
    if (!changed) return 'gone';
    await data.audit
      .in(trx)
      .record({ ...auditActor(actor), action, recordType: 'lead', recordId: leadId, ...(detail ? { detail } : {}) });
    return 'changed';
  });
}

/**
 * Gives the lead to a member, or to nobody; the audit names the member, never an address. A
 * member given a lead by someone else is alerted on their devices, in the same transaction
 * (issue 54); one who takes it, or already had it, is not.
 */
export function assignLead(data: DataAccess, leadId: string, assignee: Assignee, actor: Actor): Promise<LeadChange> {
  return changeLead(data, leadId, actor, async (trx, lead) => {
    const changed = await data.leads.in(trx).assign(leadId, assignee?.id ?? null);
    if (changed && assignee && assignee.id !== lead.assignee_id)
      await queueLeadAlerts(data, trx, leadId, { reason: 'assigned', to: assignee.id, by: actor.memberId });
    return { changed, action: 'lead.assigned', detail: { to: assignee?.name ?? 'nobody' } };
  });
}

export function setLeadStatus(data: DataAccess, leadId: string, status: LeadStatus, actor: Actor): Promise<LeadChange> {
  return changeLead(data, leadId, actor, async (trx) => ({
    changed: await data.leads.in(trx).setStatus(leadId, status),
    action: status === 'handled' ? 'lead.handled' : 'lead.reopened',
  }));
}

/** A note by a member; a command has no member to sign it, so notes come from the console. */
export function addLeadNote(
  data: DataAccess,
  leadId: string,
  text: string,
  actor: Actor & { memberId: string },
): Promise<LeadChange> {
  return changeLead(data, leadId, actor, async (trx) => {
    await data.leads.in(trx).addNote(leadId, { id: actor.memberId, name: actor.name }, text);
    return { changed: true, action: 'lead.noted' };
  });
}
