import { erasureSchema, inboxFilters, inboxQuerySchema } from '@growmail/contracts/team';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { auditActor } from '../lib/actor.ts';
import { erasePerson } from '../people/erase.ts';
import type { DataAccess } from '../repositories/index.ts';
import { leadReport } from '../submissions/lead-report.ts';
import { actorOf, sendProblem, sendTeamPage } from './pages.ts';
import { nextDay } from './views.ts';

/** What only an admin signed in with a passkey may do (D41): export leads, and erase a person. */
export function peopleRoutes(app: FastifyInstance, data: DataAccess) {
  // The streaming CSV of `npm run leads -- export` (issue 32), with the inbox's filters.
  app.get('/leads/export', async (request, reply) => {
    const parsed = inboxQuerySchema.safeParse(request.query);
    if (!parsed.success)
      return sendProblem(reply, 400, 'Not understood', 'These filters are not ones the inbox offers.');
    const filters = inboxFilters(parsed.data);
    const session = request.teamSession!;
    const csv = leadReport(data, {
      format: 'csv',
      ...(filters.form ? { type: filters.form } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.assignee ? { assignee: filters.assignee === 'mine' ? session.id : filters.assignee } : {}),
      ...(filters.language ? { language: filters.language } : {}),
      ...(filters.source ? { source: filters.source } : {}),
      ...(filters.from ? { since: filters.from } : {}),
      ...(filters.to ? { until: nextDay(filters.to) } : {}),
    });
    await data.audit.record({
      ...auditActor(actorOf(request)),
      action: 'leads.exported',
      recordType: 'leads',
      recordId: 'export',
      detail: filters,
    });
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="growmail-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      )
      .type('text/csv; charset=utf-8')
      .send(Readable.from(csv));
  });

  app.get('/people', async (request, reply) => {
    const erased = (request.query as Record<string, unknown>).erased === '1';
    return sendTeamPage(reply, {
      view: 'people',
      ...(erased ? { notice: 'Erased. The address is on the suppression list.' } : {}),
    });
  });

  // The erasure `npm run people -- erase` runs, with the console's notes and audit (D29, D41).
  app.post('/people/erase', async (request, reply) => {
    const parsed = erasureSchema.safeParse(request.body);
    if (!parsed.success) {
      const email = (request.body as Record<string, unknown> | undefined)?.email;
      return sendTeamPage(
        reply,
        {
          view: 'people',
          problem: parsed.error.issues[0]?.message,
          email: typeof email === 'string' ? email.slice(0, 200) : '',
        },
        400,
      );
    }
    const erasure = await erasePerson(data, parsed.data.email);
    const deleted = Object.values(erasure.deleted).reduce((sum, count) => sum + count, 0);
    await data.audit.record({
      ...auditActor(actorOf(request)),
      action: 'person.erased',
      recordType: 'person',
      recordId: 'erased',
      detail: { rows_deleted: deleted, ...erasure.console },
    });
    app.demoPage.changed();
    return reply.redirect('/team/people?erased=1', 303);
  });
}
