import {
  leadStatuses,
  inboxFilters,
  inboxQuerySchema,
  leadSearchSchema,
  type InboxFilters,
} from '@growmail/contracts/team';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { DataAccess } from '../repositories/index.ts';
import { noticeFor, noticeUrl, type NoticeKey } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage } from './pages.ts';
import { auditActor } from '../lib/actor.ts';
import { contactsFor } from '../people/masking.ts';
import { cursorOf, inboxRow, leadFields, memberNames, memberRows, nextDay, readCursor, type LeadRow } from './views.ts';

/** Leads a page shows. */
const pageSize = 50;

const viewer = { team: { role: 'viewer' as const } };
const sales = { team: { role: 'sales' as const } };
const searcher = { team: { role: 'viewer' as const, contacts: true } };

const leadParams = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/)) });

/** The inbox, a lead's page and what sales does with a lead (D41). */
export function leadRoutes(app: FastifyInstance, data: DataAccess) {
  /** The page after the rows a query read one more than it shows of. */
  const paged = (rows: LeadRow[]) => ({
    shown: rows.slice(0, pageSize),
    next: rows.length > pageSize ? cursorOf(rows[pageSize - 1]!) : undefined,
  });

  async function inboxPage(
    request: FastifyRequest,
    reply: FastifyReply,
    rows: LeadRow[],
    query: Record<string, string>,
    extra: { search?: { q: string; problem?: string }; notice?: string },
    status = 200,
  ) {
    const session = request.teamSession!;
    const members = await data.team.members();
    const names = memberNames(members);
    const { shown, next } = paged(rows);
    return sendTeamPage(
      reply,
      {
        view: 'leads',
        query,
        rows: shown.map((row) => inboxRow(row, session.role, names)),
        next,
        members: memberRows(members, session.role),
        ...extra,
      },
      status,
    );
  }

  app.get('/leads', { config: viewer }, async (request, reply) => {
    const parsed = inboxQuerySchema.safeParse(request.query);
    if (!parsed.success)
      return sendProblem(reply, 400, 'Not understood', 'These filters are not ones the inbox offers.');
    const filters: InboxFilters = inboxFilters(parsed.data);
    const session = request.teamSession!;
    const applied = { ...filters, ...(filters.assignee === 'mine' ? { assignee: session.id } : {}) };
    if (applied.to) applied.to = nextDay(applied.to);
    const rows = (await data.leads.inbox(applied, readCursor(parsed.data.after), pageSize + 1)) as LeadRow[];
    return inboxPage(request, reply, rows, filters as Record<string, string>, {});
  });

  // A search by address is posted, so no address goes in a URL (D31); its next page is another post.
  // Its answer would confirm a guessed address, so a role that sees addresses masked is refused.
  app.post('/leads/search', { config: searcher }, async (request, reply) => {
    const parsed = leadSearchSchema.safeParse(request.body);
    const typed = String((request.body as Record<string, unknown> | undefined)?.q ?? '').slice(0, 200);
    if (!parsed.success) {
      return inboxPage(
        request,
        reply,
        [],
        {},
        { search: { q: typed, problem: parsed.error.issues[0]?.message ?? 'Enter an address.' } },
        400,
      );
    }
    const rows = (await data.leads.search(parsed.data.q, readCursor(parsed.data.after), pageSize + 1)) as LeadRow[];
    return inboxPage(request, reply, rows, {}, { search: { q: parsed.data.q } });
  });

  app.get('/leads/:id', { config: viewer }, async (request, reply) => {
    const params = leadParams.safeParse(request.params);
    const lead = params.success ? ((await data.leads.find(params.data.id)) as LeadRow | undefined) : undefined;
    if (!lead) return sendProblem(reply, 404, 'Not found', 'There is no lead with this id. It may have been erased.');
    return leadPage(request, reply, lead, { notice: noticeFor('lead', request.query) });
  });

  async function leadPage(
    request: FastifyRequest,
    reply: FastifyReply,
    lead: LeadRow,
    extra: { notice?: string; problem?: string; note?: string },
    status = 200,
  ) {
    const session = request.teamSession!;
    const [members, notes, history, booking] = await Promise.all([
      data.team.members(),
      data.leads.notes(lead.id),
      data.audit.forRecord('lead', lead.id),
      data.demos.bookingOfLead(lead.id),
    ]);
    const names = memberNames(members);
    const shown = contactsFor(session.role);
    return sendTeamPage(
      reply,
      {
        view: 'lead',
        lead: { ...inboxRow(lead, session.role, names), fields: leadFields(lead, session.role) },
        booking: booking && { start: booking.starts_at, zone: booking.zone, status: booking.status },
        notes: notes.map((note) => ({ at: note.created_at, who: note.member_name, text: shown.text(note.text) })),
        history: history.map((row) => ({
          at: row.at,
          who: row.member_name,
          method: row.method,
          action: row.action,
          record: row.record_id,
          detail: row.detail === '{}' ? '' : shown.text(row.detail),
        })),
        members: memberRows(members, session.role),
        ...extra,
      },
      status,
    );
  }

  /** Runs a change to a lead, audits it, and answers with the lead's page (post-redirect-get). */
  async function changeLead(
    request: FastifyRequest,
    reply: FastifyReply,
    change: (
      id: string,
    ) => Promise<{ action: string; detail: Record<string, unknown>; notice: NoticeKey<'lead'> } | { problem: string }>,
  ) {
    const params = leadParams.safeParse(request.params);
    const lead = params.success ? ((await data.leads.find(params.data.id)) as LeadRow | undefined) : undefined;
    if (!lead) return sendProblem(reply, 404, 'Not found', 'There is no lead with this id. It may have been erased.');
    const done = await change(lead.id);
    if ('problem' in done) {
      const note = String((request.body as Record<string, unknown> | undefined)?.text ?? '').slice(0, 4000);
      return leadPage(request, reply, lead, { problem: done.problem, note }, 400);
    }
    await data.audit.record({
      ...auditActor(actorOf(request)),
      action: done.action,
      recordType: 'lead',
      recordId: lead.id,
      detail: done.detail,
    });
    return reply.redirect(noticeUrl(`/team/leads/${lead.id}`, 'lead', done.notice), 303);
  }

  app.post('/leads/:id/assign', { config: sales }, async (request, reply) =>
    changeLead(request, reply, async (id) => {
      const body = z.object({ assignee: z.string() }).safeParse(request.body);
      const session = request.teamSession!;
      const wanted = body.success ? body.data.assignee : '';
      const assignee = wanted === 'me' ? session.id : wanted === 'nobody' ? null : wanted;
      if (assignee !== null && !(await data.team.member(assignee))) return { problem: 'Choose a member of the team.' };
      await data.leads.assign(id, assignee);
      const name =
        assignee === null
          ? 'nobody'
          : assignee === session.id
            ? session.name
            : (await data.team.member(assignee))!.name;
      return { action: 'lead.assigned', detail: { to: name }, notice: 'assigned' };
    }),
  );

  app.post('/leads/:id/status', { config: sales }, async (request, reply) =>
    changeLead(request, reply, async (id) => {
      const body = z.object({ status: z.enum(leadStatuses) }).safeParse(request.body);
      if (!body.success) return { problem: 'Choose handled or new.' };
      await data.leads.setStatus(id, body.data.status);
      return {
        action: body.data.status === 'handled' ? 'lead.handled' : 'lead.reopened',
        detail: {},
        notice: body.data.status === 'handled' ? 'handled' : 'reopened',
      };
    }),
  );

  app.post('/leads/:id/notes', { config: sales }, async (request, reply) =>
    changeLead(request, reply, async (id) => {
      const body = z
        .object({
          text: z
            .string()
            .check(
              z.trim(),
              z.minLength(1, 'Write the note first.'),
              z.maxLength(4000, 'Keep a note to 4,000 characters.'),
            ),
        })
        .safeParse(request.body);
      if (!body.success) return { problem: body.error.issues[0]?.message ?? 'Write the note first.' };
      const session = request.teamSession!;
      await data.leads.addNote(id, { id: session.id, name: session.name }, body.data.text);
      return { action: 'lead.noted', detail: {}, notice: 'noted' };
    }),
  );
}
