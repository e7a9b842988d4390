import {
  heldPageSize,
  heldReleaseSchema,
  heldSelectionSchema,
  quarantineQuerySchema,
  recordParams,
  releasedLeadsQuery,
  releasedLinksAtMost,
  type FormProblems,
  type HeldRow,
  type QuarantinePage,
  type TeamRole,
} from '@growmail/contracts/team';
import type { LeadKind } from '@growmail/contracts/form-names';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentSlots } from '../demos/availability.ts';
import { contactsFor } from '../people/masking.ts';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { Quarantined } from '../repositories/quarantine.ts';
import type { KeysetCursor } from '../repositories/repository.ts';
import { leadCompany, leadName } from '../submissions/lead-search.ts';
import { reasonText } from '../submissions/screening.ts';
import { deleteQuarantined, releaseQuarantined } from '../submissions/quarantine.ts';
import { refusedForm, typedList } from './forms.ts';
import { heldOutcomeText, noticeFor, noticeUrl } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage, sessionOf } from './pages.ts';
import { askedIn, cursorOf, heldFields, readCursor } from './views.ts';

/** Held posts a page shows: the quarantine keeps 30 days of them, newest first, older ones a page on. */
const pageSize = heldPageSize;

const nameOf = (row: Quarantined) => leadName(row.fields);

/** A notice's URL with the leads a release made, the first `releasedLinksAtMost`, by id only (D31). */
const releasedUrl = (url: string, leads: string[]) =>
  [url, ...leads.slice(0, releasedLinksAtMost).map((id) => `lead=${id}`)].join('&');

/** Where a quarantine change answers: the page, its notice in focus (D44). */
const noticed = (url: string) => `${url}#notice`;

/** The quarantine (D41): why each post was held; sales releases or deletes one or a selection. */
export function quarantineRoutes(app: FastifyInstance, data: DataAccess) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const heldRow = (row: Quarantined, role: TeamRole): HeldRow => {
    const shown = contactsFor(role);
    return {
      id: row.id,
      form: row.form,
      email: shown.address(row.email),
      name: shown.text(nameOf(row)),
      company: shown.text(leadCompany(row.fields)),
      language: row.language,
      reasons: row.reasons.map((reason) => reasonText[reason] ?? String(reason)),
      sentAt: row.created_at,
      asked: askedIn(row.fields),
      fields: heldFields(row.fields, role),
    };
  };

  /** The leads a release made, by the ids its notice's URL names, as the role sees their names; gone ones left out. */
  async function releasedLeads(query: unknown, role: TeamRole) {
    const named = releasedLeadsQuery.safeParse(query);
    if (!named.success) return undefined;
    const leads = await Promise.all([named.data.lead].flat().map((id) => data.leads.find(id)));
    const shown = contactsFor(role);
    return leads.flatMap((lead) =>
      lead
        ? [
            {
              id: lead.id,
              form: lead.type as LeadKind,
              name: shown.text(leadName(JSON.parse(lead.metadata))) || shown.address(lead.email),
            },
          ]
        : [],
    );
  }

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Partial<QuarantinePage> = {},
    status = 200,
    after?: KeysetCursor,
  ) {
    const role = sessionOf(request).role;
    const rows = await data.quarantine.list(pageSize + 1, after);
    const shown = rows.slice(0, pageSize).map((row) => heldRow(row, role));
    const next = rows.length > pageSize ? cursorOf(rows[pageSize - 1]!) : undefined;
    return sendTeamPage(reply, { view: 'quarantine', rows: shown, next, ...extra }, status);
  }

  routes.get('/quarantine', { schema: { querystring: quarantineQuerySchema } }, async (request, reply) => {
    const notice = noticeFor('quarantine', request.query);
    const released = notice ? await releasedLeads(request.query, sessionOf(request).role) : undefined;
    return page(request, reply, { notice, released }, 200, readCursor(request.query.after));
  });

  /** The open slots a held demo request may be booked into by sales, the notice waived. */
  const pickFor = async (row: Quarantined, form?: FormProblems) => ({
    id: row.id,
    name: nameOf(row) || row.email,
    asked: typeof row.fields.demo_start === 'string' ? row.fields.demo_start : '',
    slots: (await currentSlots(data.demos, new Date(), { noticeMinutes: 0 })).map((slot) => slot.start.toISOString()),
    form,
  });

  routes.post(
    '/quarantine',
    { schema: { body: heldSelectionSchema }, attachValidation: true },
    async (request, reply) => {
      const refused = refusedForm(request, ['action']);
      if (refused) {
        const selection = { ...refused, ticked: typedList(request.body, 'ids') };
        return page(request, reply, { selection }, 400);
      }
      const ids = [request.body.ids].flat();
      // A delete cannot be undone, so the first post only shows what would go (D44).
      if (request.body.action === 'delete' && request.body.confirm !== 'yes') {
        const held = (await Promise.all(ids.map((id) => data.quarantine.find(id)))).filter((row) => row !== undefined);
        if (held.length === 0)
          return reply.redirect(noticed(noticeUrl('/team/quarantine', 'quarantine', 'handled')), 303);
        const role = sessionOf(request).role;
        const confirmDelete = held.map((row) => {
          const shown = heldRow(row, role);
          return { id: shown.id, name: shown.name || shown.email, form: shown.form };
        });
        return page(request, reply, { confirmDelete });
      }
      const actor = actorOf(request);
      const outcome = { released: 0, booked: 0, kept: 0, deleted: 0 };
      const leads: string[] = [];
      for (const [index, id] of ids.entries()) {
        if (request.body.action === 'delete') {
          if (await deleteQuarantined(data, id, actor)) outcome.deleted += 1;
          continue;
        }
        const held = await data.quarantine.find(id);
        const result = await releaseQuarantined(data, app.config, id, actor, { ifSlotGone: 'refuse' });
        if (!result) continue;
        if ('slotGone' in result) {
          // Stop here: sales picks another time for this one, and the rest stay ticked in the list.
          const notice = Object.values(outcome).some(Boolean) ? heldOutcomeText(outcome) : undefined;
          const selection = { problems: {}, values: { action: 'release' }, ticked: ids.slice(index + 1) };
          const released = await releasedLeads({ lead: leads.slice(0, releasedLinksAtMost) }, sessionOf(request).role);
          return page(request, reply, { pick: await pickFor(held!), notice, released, selection }, 409);
        }
        app.demoPage.changed();
        // The lead's mail and its alerts are queued: send them now rather than at the next poll.
        app.outbox.nudge();
        leads.push(result.leadId);
        // Refusing a gone slot above, a release here booked its slot, kept none, or asked for none.
        if (result.booking === 'booked') outcome.booked += 1;
        else if (result.booking === 'holds-a-booking') outcome.kept += 1;
        else outcome.released += 1;
      }
      return reply.redirect(
        noticed(releasedUrl(noticeUrl('/team/quarantine', 'quarantine', 'handled', outcome), leads)),
        303,
      );
    },
  );

  const goneHeld = (reply: FastifyReply) =>
    sendProblem(reply, 404, 'Not found', 'Nothing is held under this id: it may have been released or deleted.');

  // Sales' choice for a held demo request whose slot is gone: another open time, or none.
  routes.post(
    '/quarantine/:id/release',
    { schema: { params: recordParams, body: heldReleaseSchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError?.validationContext === 'params') return goneHeld(reply);
      const held = await data.quarantine.find(request.params.id);
      if (!held) return goneHeld(reply);
      const refused = refusedForm(request, ['slot']);
      if (refused) return page(request, reply, { pick: await pickFor(held, refused) }, 400);
      const { slot: chosen } = request.body;
      const slot = chosen === 'none' ? undefined : new Date(chosen);
      const result = await releaseQuarantined(data, app.config, held.id, actorOf(request), {
        ...(slot ? { slot } : {}),
        ifSlotGone: slot ? 'refuse' : 'without-slot',
      });
      if (!result) return goneHeld(reply);
      if ('slotGone' in result) {
        const taken = {
          problems: { slot: 'That time was taken meanwhile. Choose another.' },
          values: { slot: chosen },
        };
        return page(request, reply, { pick: await pickFor(held, taken) }, 409);
      }
      app.demoPage.changed();
      app.outbox.nudge();
      const done = result.booking === 'booked' ? 'released-booked' : 'released-without-slot';
      return reply.redirect(
        noticed(releasedUrl(noticeUrl('/team/quarantine', 'quarantine', done), [result.leadId])),
        303,
      );
    },
  );
}
