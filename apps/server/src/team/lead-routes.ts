import {
  inboxPageQuerySchema,
  leadPageQuerySchema,
  leadAssignmentSchema,
  leadNoteSchema,
  leadSearchSchema,
  leadStatusSchema,
  recordParams,
  type FormProblems,
  type InboxPageQuery,
  type InboxView,
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
import { cookieNames, cookieOptions } from './sessions.ts';
import { actorOf, sendProblem, sendTeamPage, sessionOf } from './pages.ts';
import {
  askedOf,
  cursorOf,
  eventsOf,
  inboxRow,
  leadFields,
  memberNames,
  memberRows,
  originOf,
  reachOf,
  readCursor,
  selectedLeads,
  startOfToday,
  type LeadRow,
} from './views.ts';

/** Leads a page shows. */
const pageSize = 50;
/** The most a view's count reads: above it the inbox says "999+". */
const countCap = 1000;

/** The view's query as the inbox's URL and the lead page's carry it (D31: nothing personal), without its cursor. */
const viewQuery = (query: InboxPageQuery) =>
  Object.fromEntries(
    Object.keys(inboxPageQuerySchema.shape).flatMap((name) => {
      const value = query[name as keyof InboxPageQuery];
      return name !== 'after' && typeof value === 'string' && value !== '' ? [[name, value]] : [];
    }),
  ) as Record<string, string>;

type LeadPageExtra = { notice?: string; problem?: string; noteForm?: FormProblems };

const goneLead = (reply: FastifyReply) =>
  sendProblem(reply, 404, 'Not found', 'There is no lead with this id. It may have been erased.');

/** The inbox, a lead's page and what sales does with a lead (D41). */
export function leadRoutes(app: FastifyInstance, data: DataAccess) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The last search, kept so a lead opened from its results can go back to it and on to the next
  // one. A cookie rather than the URL, which a search's words never reach (D31); it ends with the
  // browser, or at sign-out. It is bound to the session that searched: after a session ends
  // unsigned-out and someone else signs in on the browser, it offers them nothing back.
  const searchCookie = cookieNames(app.config).search;
  const searchOwner = (request: FastifyRequest) => `${sessionOf(request).hash.slice(0, 16)}:`;
  const regions = [...new Set([app.config.teamCountry, ...marketRegions])];
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
    extra: {
      search?: { q: string; problem?: string };
      notice?: string;
      inboxView?: InboxView;
      counts?: Record<InboxView, number>;
    },
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
        now: new Date().toISOString(),
        rows: shown.map((row) => inboxRow(row, session.role, names)),
        next,
        members: memberRows(members, session.role),
        ...extra,
      },
      status,
    );
  }

  /** The leads a view and its filters ask for, after a cursor; a filter narrows the view, and wins where both name a field. */
  async function viewRows(
    request: FastifyRequest,
    query: InboxPageQuery,
    view: InboxView,
    after: string | undefined,
    limit: number,
  ) {
    const applied = selectedLeads(query, view, sessionOf(request));
    return (await data.leads.inbox(applied, readCursor(after), limit)) as LeadRow[];
  }

  routes.get(
    '/leads',
    { schema: { querystring: inboxPageQuerySchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError)
        return sendProblem(reply, 400, 'Not understood', 'These filters are not ones the inbox offers.');
      const session = sessionOf(request);
      const counts = await data.leads.viewCounts(session.id, startOfToday(new Date(), session.zone), countCap);
      // With no view named, a member lands on their own open leads, or else on those nobody has.
      const view = request.query.view || (counts.mine > 0 ? 'mine' : 'unassigned');
      const rows = await viewRows(request, request.query, view, request.query.after, pageSize + 1);
      const query = { ...viewQuery(request.query), view };
      return inboxPage(request, reply, rows, query, { inboxView: view, counts });
    },
  );

  // A search is posted, so nothing typed goes in a URL (D31); its next page is another post. A role
  // that sees contacts masked searches names and companies only (lead-search.ts), so its answer
  // never confirms a guessed address or number; such a guess is refused and counted.
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
      reply.setCookie(searchCookie, searchOwner(request) + q, cookieOptions(app.config));
      return inboxPage(request, reply, rows, {}, { search: { q } });
    },
  );

  routes.get(
    '/leads/:id',
    { schema: { params: recordParams, querystring: leadPageQuerySchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError?.validationContext === 'querystring')
        return sendProblem(reply, 400, 'Not understood', 'These filters are not ones the inbox offers.');
      const lead = request.validationError
        ? undefined
        : ((await data.leads.find(request.params.id)) as LeadRow | undefined);
      if (!lead) return goneLead(reply);
      return leadPage(request, reply, lead, { notice: noticeFor('lead', request.query) });
    },
  );

  /** The inbox's view a lead was opened from, read from the lead's URL; any other is the default view. */
  const backQuery = (request: FastifyRequest) => {
    const parsed = leadPageQuerySchema.safeParse(request.query);
    return parsed.success ? parsed.data : {};
  };

  /** The search a lead was opened from: the last one this browser made, when the lead's URL says so. */
  const searchBack = (request: FastifyRequest) => {
    const kept = backQuery(request).list === 'search' ? request.cookies[searchCookie] : undefined;
    const owner = searchOwner(request);
    const q = kept?.startsWith(owner) ? kept.slice(owner.length) : undefined;
    if (!q) return undefined;
    const search = readSearch(q, regions, may(sessionOf(request).role, 'contacts.see'));
    return 'problem' in search ? undefined : { q, search };
  };

  /** What a lead's URL carries back: its view and filters, or that it came from a search. */
  const backParams = (request: FastifyRequest): Record<string, string> =>
    searchBack(request) ? { list: 'search' } : viewQuery(backQuery(request));

  async function leadPage(
    request: FastifyRequest,
    reply: FastifyReply,
    lead: LeadRow,
    extra: LeadPageExtra,
    status = 200,
  ) {
    const session = sessionOf(request);
    const query = backQuery(request);
    const found = searchBack(request);
    const [members, notes, history, booking, next] = await Promise.all([
      data.team.members(),
      data.leads.notes(lead.id),
      data.audit.forRecord('lead', lead.id),
      data.demos.bookingOfLead(lead.id),
      found
        ? (data.leads.search(found.search, readCursor(cursorOf(lead)), 1) as Promise<LeadRow[]>)
        : query.view
          ? viewRows(request, query, query.view, cursorOf(lead), 1)
          : Promise.resolve([]),
    ]);
    const names = memberNames(members);
    return sendTeamPage(
      reply,
      {
        view: 'lead',
        lead: {
          ...inboxRow(lead, session.role, names),
          fields: leadFields(lead, session.role),
          reach: reachOf(lead, session.role),
          asked: askedOf(lead),
          origin: originOf(lead, session.role),
        },
        back: new URLSearchParams(backParams(request)).toString(),
        ...(found ? { search: found.q } : {}),
        next: next[0]?.id,
        booking: booking && { start: booking.starts_at, zone: booking.zone, status: booking.status },
        events: eventsOf(session.role, notes, history),
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

  /**
   * After a change, the lead's page with its notice (post-redirect-get), in the view it was opened
   * from, the notice in focus; the problem page when the lead is gone.
   */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    leadId: string,
    change: LeadChange,
    notice: NoticeKey<'lead'>,
  ) => {
    if (change === 'gone') return goneLead(reply);
    const back = new URLSearchParams(backParams(request)).toString();
    const url = noticeUrl(`/team/leads/${leadId}`, 'lead', notice);
    return reply.redirect(`${url}${back ? `&${back}` : ''}#notice`, 303);
  };

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
      const change = await assignLead(data, id, assignee, actorOf(request));
      // The assignee's alert is queued with the change: send it now rather than at the next poll.
      app.outbox.nudge();
      return answer(request, reply, id, change, 'assigned');
    },
  );

  routes.post(
    '/leads/:id/status',
    { schema: { params: recordParams, body: leadStatusSchema } },
    async (request, reply) => {
      const { status } = request.body;
      const change = await setLeadStatus(data, request.params.id, status, actorOf(request));
      return answer(request, reply, request.params.id, change, status === 'handled' ? 'handled' : 'reopened');
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
      return answer(request, reply, id, change, 'noted');
    },
  );
}
