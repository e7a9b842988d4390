import type { HeldRow, QuarantinePage, TeamRole } from '@growmail/contracts/team';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { currentSlots } from '../demos/availability.ts';
import { contactsFor } from '../people/masking.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { Quarantined } from '../repositories/quarantine.ts';
import { reasonText } from '../submissions/screening.ts';
import { deleteQuarantined, releaseQuarantined } from '../submissions/quarantine.ts';
import type { KeysetCursor } from '../repositories/repository.ts';
import { heldOutcomeText, noticeFor, noticeUrl } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage } from './pages.ts';
import { cursorOf, readCursor } from './views.ts';

const viewer = { team: { role: 'viewer' as const } };
const sales = { team: { role: 'sales' as const } };

/** Held posts a page shows: the quarantine keeps 30 days of them, newest first, older ones a page on. */
const pageSize = 100;

const heldId = z.string().check(z.regex(/^[0-9a-f-]{36}$/));
const selection = z.object({
  action: z.enum(['release', 'delete']),
  ids: z.union([heldId, z.array(heldId).check(z.minLength(1), z.maxLength(pageSize))]),
});
const releaseChoice = z.object({ slot: z.union([z.literal('none'), z.iso.datetime()]) });

const nameOf = (row: Quarantined) => {
  const { firstname, lastname, fullname } = row.fields;
  return typeof fullname === 'string' ? fullname : [firstname, lastname].filter((p) => typeof p === 'string').join(' ');
};

/** The quarantine (D41): why each post was held; sales releases or deletes one or a selection. */
export function quarantineRoutes(app: FastifyInstance, data: DataAccess) {
  const heldRow = (row: Quarantined, role: TeamRole): HeldRow => {
    const shown = contactsFor(role);
    return {
      id: row.id,
      form: row.form,
      email: shown.address(row.email),
      name: shown.text(nameOf(row)),
      language: row.language,
      reasons: row.reasons.map((reason) => reasonText[reason] ?? String(reason)),
      sentAt: row.created_at,
      fields: Object.entries(row.fields)
        .filter(([field]) => field !== 'type' && field !== 'email')
        .map(([field, value]) => [
          field,
          shown.field(field, typeof value === 'string' ? value : JSON.stringify(value)),
        ]),
    };
  };

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Partial<QuarantinePage> = {},
    status = 200,
    after?: KeysetCursor,
  ) {
    const role = request.teamSession!.role;
    const rows = await data.quarantine.list(pageSize + 1, after);
    const shown = rows.slice(0, pageSize).map((row) => heldRow(row, role));
    const next = rows.length > pageSize ? cursorOf(rows[pageSize - 1]!) : undefined;
    return sendTeamPage(reply, { view: 'quarantine', rows: shown, next, ...extra }, status);
  }

  app.get('/quarantine', { config: viewer }, async (request, reply) => {
    const { after } = request.query as Record<string, unknown>;
    const notice = { notice: noticeFor('quarantine', request.query) };
    return page(request, reply, notice, 200, typeof after === 'string' ? readCursor(after) : undefined);
  });

  /** The open slots a held demo request may be booked into by sales, the notice waived. */
  const pickFor = async (row: Quarantined) => ({
    id: row.id,
    name: nameOf(row) || row.email,
    asked: typeof row.fields.demo_start === 'string' ? row.fields.demo_start : '',
    slots: (await currentSlots(data.demos, new Date(), { noticeMinutes: 0 })).map((slot) => slot.start.toISOString()),
  });

  app.post('/quarantine', { config: sales }, async (request, reply) => {
    const parsed = selection.safeParse(request.body);
    if (!parsed.success)
      return page(request, reply, { problem: 'Tick at least one post, then choose release or delete.' }, 400);
    const ids = [parsed.data.ids].flat();
    const actor = actorOf(request);
    const outcome = { released: 0, booked: 0, kept: 0, deleted: 0 };
    for (const id of ids) {
      if (parsed.data.action === 'delete') {
        if (await deleteQuarantined(data, id, actor)) outcome.deleted += 1;
        continue;
      }
      const held = await data.quarantine.find(id);
      const result = await releaseQuarantined(data, app.config, id, actor, { ifSlotGone: 'refuse' });
      if (!result) continue;
      if ('slotGone' in result) {
        // Stop here: sales picks another time for this one, and the rest stay selected in the list.
        const notice = Object.values(outcome).some(Boolean) ? heldOutcomeText(outcome) : undefined;
        return page(request, reply, { pick: await pickFor(held!), notice }, 409);
      }
      app.demoPage.changed();
      // Refusing a gone slot above, a release here booked its slot, kept none, or asked for none.
      if (result.booking === 'booked') outcome.booked += 1;
      else if (result.booking === 'holds-a-booking') outcome.kept += 1;
      else outcome.released += 1;
    }
    return reply.redirect(noticeUrl('/team/quarantine', 'quarantine', 'handled', outcome), 303);
  });

  // Sales' choice for a held demo request whose slot is gone: another open time, or none.
  app.post('/quarantine/:id/release', { config: sales }, async (request, reply) => {
    const params = z.object({ id: heldId }).safeParse(request.params);
    const choice = releaseChoice.safeParse(request.body);
    const held = params.success ? await data.quarantine.find(params.data.id) : undefined;
    if (!held)
      return sendProblem(
        reply,
        404,
        'Not found',
        'Nothing is held under this id: it may have been released or deleted.',
      );
    if (!choice.success)
      return page(
        request,
        reply,
        { pick: await pickFor(held), problem: 'Choose a time, or to release it without one.' },
        400,
      );
    const slot = choice.data.slot === 'none' ? undefined : new Date(choice.data.slot);
    const result = await releaseQuarantined(data, app.config, held.id, actorOf(request), {
      ...(slot ? { slot } : {}),
      ifSlotGone: slot ? 'refuse' : 'without-slot',
    });
    if (!result)
      return sendProblem(
        reply,
        404,
        'Not found',
        'Nothing is held under this id: it may have been released or deleted.',
      );
    if ('slotGone' in result) {
      return page(
        request,
        reply,
        { pick: await pickFor(held), problem: 'That time was taken meanwhile. Choose another.' },
        409,
      );
    }
    app.demoPage.changed();
    const done = result.booking === 'booked' ? 'released-booked' : 'released-without-slot';
    return reply.redirect(noticeUrl('/team/quarantine', 'quarantine', done), 303);
  });
}
