import {
  inboxFilters,
  inboxQuerySchema,
  leadAssignmentSchema,
  leadNoteSchema,
  leadSearchSchema,
  leadStatusSchema,
  recordParams,
  type FormProblems,
  type InboxFilters,
} from '@growmail/contracts/team';
import { may } from '@growmail/contracts/team-access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import type { DataAccess } from '../repositories/index.ts';
import { addLeadNote, assignLead, setLeadStatus, type LeadChange } from '../submissions/lead-changes.ts';
import { readSearch } from '../submissions/lead-search.ts';
import { marketRegions } from '../submissions/phone.ts';
import { refusedForm } from './forms.ts';
import { noticeFor, noticeUrl, type NoticeKey } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage, sessionOf } from './pages.ts';
import { contactsFor } from '../people/masking.ts';
import { cursorOf, inboxRow, leadFields, memberNames, memberRows, nextDay, readCursor, type LeadRow } from './views.ts';

/** Leads a page shows. */
const pageSize = 50;

type LeadPageExtra = { notice?: string; problem?: string; noteForm?: FormProblems };

const goneLead = (reply: FastifyReply) =>
  sendProblem(reply, 404, 'Not found', 'There is no lead with this id. It may have been erased.');

/** The inbox, a lead's page and what sales does with a lead (D41). */
export function leadRoutes(app: FastifyInstance, data: DataAccess) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
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
    const session = sessionOf(request);
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

  routes.get(
    '/leads',
    { schema: { querystring: inboxQuerySchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError)
        return sendProblem(reply, 400, 'Not understood', 'These filters are not ones the inbox offers.');
      const filters: InboxFilters = inboxFilters(request.query);
      const session = sessionOf(request);
      const applied = { ...filters, ...(filters.assignee === 'mine' ? { assignee: session.id } : {}) };
      if (applied.to) applied.to = nextDay(applied.to);
      const rows = (await data.leads.inbox(applied, readCursor(request.query.after), pageSize + 1)) as LeadRow[];
      return inboxPage(request, reply, rows, filters as Record<string, string>, {});
    },
  );

  // A search is posted, so nothing typed goes in a URL (D31); its next page is another post. A role
  // that sees contacts masked searches names and companies only (lead-search.ts), so its answer
  // never confirms a guessed address or number; such a guess is refused and counted.
  const regions = [...new Set([app.config.teamCountry, ...marketRegions])];
  routes.post(
    '/leads/search',
    { schema: { body: leadSearchSchema }, attachValidation: true },
    async (request, reply) => {
      const refused = refusedForm(request, ['q']);
      if (refused) {
        const problem = refused.problems.q ?? 'Type a name, a company, a phone number or an address.';
        return inboxPage(request, reply, [], {}, { search: { q: refused.values.q!.slice(0, 200), problem } }, 400);
      }
      const { q, after } = request.body;
      const search = readSearch(q, regions, may(sessionOf(request).role, 'contacts.see'));
      if ('problem' in search) {
        if (search.masked) app.metrics.teamMaskedRefusals.inc({ route: request.routeOptions.url ?? '' });
        return inboxPage(request, reply, [], {}, { search: { q, problem: search.problem } }, search.masked ? 403 : 400);
      }
      const rows = (await data.leads.search(search, readCursor(after), pageSize + 1)) as LeadRow[];
      return inboxPage(request, reply, rows, {}, { search: { q } });
    },
  );

  routes.get('/leads/:id', { schema: { params: recordParams }, attachValidation: true }, async (request, reply) => {
    const lead = request.validationError
      ? undefined
      : ((await data.leads.find(request.params.id)) as LeadRow | undefined);
    if (!lead) return goneLead(reply);
    return leadPage(request, reply, lead, { notice: noticeFor('lead', request.query) });
  });

  async function leadPage(
    request: FastifyRequest,
    reply: FastifyReply,
    lead: LeadRow,
    extra: LeadPageExtra,
    status = 200,
  ) {
    const session = sessionOf(request);
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

  /** The lead's page again with a problem, or the problem page when the lead is gone. */
  async function refused(request: FastifyRequest, reply: FastifyReply, leadId: string, extra: LeadPageExtra) {
    const lead = (await data.leads.find(leadId)) as LeadRow | undefined;
    if (!lead) return goneLead(reply);
    return leadPage(request, reply, lead, extra, 400);
  }

  /** After a change, the lead's page with its notice (post-redirect-get); the problem page when the lead is gone. */
  const answer = (reply: FastifyReply, leadId: string, change: LeadChange, notice: NoticeKey<'lead'>) =>
    change === 'gone' ? goneLead(reply) : reply.redirect(noticeUrl(`/team/leads/${leadId}`, 'lead', notice), 303);

  routes.post(
    '/leads/:id/assign',
    { schema: { params: recordParams, body: leadAssignmentSchema }, attachValidation: true },
    async (request, reply) => {
      const { id } = request.params;
      if (request.validationError) return refused(request, reply, id, { problem: 'Choose a member of the team.' });
      const session = sessionOf(request);
      const { assignee: wanted } = request.body;
      const member = wanted === 'nobody' ? null : await data.team.member(wanted === 'me' ? session.id : wanted);
      if (member === undefined) return refused(request, reply, id, { problem: 'Choose a member of the team.' });
      const assignee = member && { id: member.id, name: member.name };
      return answer(reply, id, await assignLead(data, id, assignee, actorOf(request)), 'assigned');
    },
  );

  routes.post(
    '/leads/:id/status',
    { schema: { params: recordParams, body: leadStatusSchema } },
    async (request, reply) => {
      const { status } = request.body;
      const change = await setLeadStatus(data, request.params.id, status, actorOf(request));
      return answer(reply, request.params.id, change, status === 'handled' ? 'handled' : 'reopened');
    },
  );

  routes.post(
    '/leads/:id/notes',
    { schema: { params: recordParams, body: leadNoteSchema }, attachValidation: true },
    async (request, reply) => {
      const { id } = request.params;
      const noteForm = refusedForm(request, ['text']);
      if (noteForm) return refused(request, reply, id, { noteForm });
      const change = await addLeadNote(data, id, request.body.text, actorOf(request));
      return answer(reply, id, change, 'noted');
    },
  );
}
