import { erasureSchema, inboxPageQuerySchema } from '@growmail/contracts/team';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { auditActor } from '../lib/actor.ts';
import { erasePerson } from '../people/erase.ts';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import type { DataAccess } from '../repositories/index.ts';
import { leadReport } from '../submissions/lead-report.ts';
import { refusedForm } from './forms.ts';
import { noticeFor, noticeUrl } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage, sessionOf } from './pages.ts';
import { selectedLeads } from './views.ts';

const erasureFields = ['email', 'confirm'] as const;

/** What only an admin signed in with a passkey may do (D41): export leads, and erase a person. */
export function peopleRoutes(app: FastifyInstance, data: DataAccess) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The streaming CSV of `npm run leads -- export` (issue 32), with the inbox's filters.
  routes.get(
    '/leads/export',
    { schema: { querystring: inboxPageQuerySchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError)
        return sendProblem(reply, 400, 'Not understood', 'These filters are not ones the inbox offers.');
      // The inbox's view and filters, as the page the link was on shows them.
      const { view } = request.query;
      const filters = selectedLeads(request.query, view || undefined, sessionOf(request));
      const csv = leadReport(data, {
        format: 'csv',
        ...(filters.form ? { type: filters.form } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.assignee ? { assignee: filters.assignee } : {}),
        ...(filters.language ? { language: filters.language } : {}),
        ...(filters.source ? { source: filters.source } : {}),
        ...(filters.medium ? { medium: filters.medium } : {}),
        ...(filters.campaign ? { campaign: filters.campaign } : {}),
        ...(filters.from ? { since: filters.from } : {}),
        ...(filters.to ? { until: filters.to } : {}),
      });
      await data.audit.record({
        ...auditActor(actorOf(request)),
        action: 'leads.exported',
        recordType: 'leads',
        recordId: 'export',
        detail: { ...(view ? { view } : {}), ...filters },
      });
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="growmail-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .type('text/csv; charset=utf-8')
        .send(Readable.from(csv));
    },
  );

  app.get('/people', async (request, reply) =>
    sendTeamPage(reply, { view: 'people', notice: noticeFor('people', request.query) }),
  );

  // The erasure `npm run people -- erase` runs, with the console's notes and audit (D29, D41).
  routes.post('/people/erase', { schema: { body: erasureSchema }, attachValidation: true }, async (request, reply) => {
    const form = refusedForm(request, erasureFields);
    if (form) return sendTeamPage(reply, { view: 'people', form }, 400);
    // Typing "erase" says what the admin means; the page after it says what that will do, once more (D44).
    if (request.body.confirmed !== 'yes') {
      return sendTeamPage(reply, { view: 'people', confirmErasure: { email: request.body.email } });
    }
    await erasePerson(data, request.body.email, actorOf(request));
    app.demoPage.changed();
    return reply.redirect(noticeUrl('/team/people', 'people', 'erased'), 303);
  });
}
