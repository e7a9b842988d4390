import { dayOffSchema, hostIdPattern, hostSchema, hoursSchema } from '@growmail/contracts/demo-availability';
import type { DemosPage } from '@growmail/contracts/team';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { auditActor } from '../lib/actor.ts';
import { currentSlots, defaultZone } from '../demos/availability.ts';
import { addDayOff, removeDayOff, removeHost, saveHost, setHours } from '../demos/availability-changes.ts';
import { cancelBooking, rescheduleBooking } from '../demos/change-booking.ts';
import { describeHours } from '../demos/hours-text.ts';
import { contactsFor } from '../people/masking.ts';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import type { DataAccess } from '../repositories/index.ts';
import { refusedForm, typedValues } from './forms.ts';
import { noticeFor, noticeUrl, type NoticeKey } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage } from './pages.ts';

const viewer = { team: { role: 'viewer' as const } };
const sales = { team: { role: 'sales' as const } };

const uuid = z.string().check(z.regex(/^[0-9a-f-]{36}$/));

const moveProblems = {
  unchangeable: 'This booking has started, ended or been cancelled, so it cannot move.',
  unknown: 'That time is outside the hours or blocked.',
  gone: 'That time was taken meanwhile. Choose another.',
} as const;

/**
 * Demos (D32, D41): the agenda in the member's zone and the prospect's; sales moves and cancels
 * bookings, sets the hours, days off and hosts, with the code the commands and the prospect's
 * link run, so /demo shows each change within seconds.
 */
export function demoRoutes(app: FastifyInstance, data: DataAccess) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Partial<DemosPage> & { move?: string } = {},
    status = 200,
  ) {
    const now = new Date();
    const { move, ...shown } = extra;
    const contacts = contactsFor(request.teamSession!.role);
    const [bookings, hosts, hours, blocks] = await Promise.all([
      data.demos.upcoming(now),
      data.demos.hosts(),
      data.demos.hours(),
      data.demos.blocks(now),
    ]);
    // Only the booking being moved is offered the open times: a list per booking would weigh
    // tens of kilobytes each on a phone.
    const moved = move && request.teamSession!.role !== 'viewer' ? bookings.find((row) => row.id === move) : undefined;
    const moving = moved && {
      id: moved.id,
      name: moved.name,
      start: moved.starts_at,
      slots: (await currentSlots(data.demos, now, { noticeMinutes: 0 })).map((slot) => slot.start.toISOString()),
    };
    const names = new Map(hosts.map((host) => [host.id, host.name]));
    const zone = hours[0]?.zone ?? defaultZone;
    return sendTeamPage(
      reply,
      {
        view: 'demos',
        bookings: bookings.map((booking) => ({
          id: booking.id,
          start: booking.starts_at,
          name: contacts.text(booking.name),
          email: contacts.address(booking.email),
          zone: booking.zone,
          host: names.get(booking.host_id) ?? booking.host_id,
          leadId: booking.lead_id,
        })),
        moving,
        hours: { zone, text: describeHours(hours, zone).trim() },
        hosts: hosts.map((host) => ({
          id: host.id,
          name: host.name,
          email: host.email && contacts.address(host.email),
        })),
        blocks: blocks.map((block) => ({
          id: block.id,
          from: block.starts_at,
          to: block.ends_at,
          host: block.host_id ? (names.get(block.host_id) ?? block.host_id) : 'Everyone',
          reason: contacts.text(block.reason ?? ''),
        })),
        ...shown,
      },
      status,
    );
  }

  const done = (reply: FastifyReply, notice: NoticeKey<'demos'>) => {
    app.demoPage.changed();
    return reply.redirect(noticeUrl('/team/demos', 'demos', notice), 303);
  };
  const audit = (request: FastifyRequest, action: string, recordId: string, detail: Record<string, unknown> = {}) =>
    data.audit.record({ ...auditActor(actorOf(request)), action, recordType: 'demo', recordId, detail });

  app.get('/demos', { config: viewer }, async (request, reply) => {
    const { move } = request.query as Record<string, unknown>;
    return page(request, reply, {
      notice: noticeFor('demos', request.query),
      ...(typeof move === 'string' && uuid.safeParse(move).success ? { move } : {}),
    });
  });

  // Sales may move a booking to any open slot within the hours: the two-hour notice is waived (D41).
  app.post('/demos/:id/move', { config: sales }, async (request, reply) => {
    const params = z.object({ id: uuid }).safeParse(request.params);
    const body = z.object({ slot: z.iso.datetime() }).safeParse(request.body);
    if (!params.success) return sendProblem(reply, 404, 'Not found', 'There is no booking with this id.');
    if (!body.success) {
      return page(request, reply, { problem: 'Choose a new time for the booking.', move: params.data.id }, 400);
    }
    const moved = await rescheduleBooking(data, app.config, params.data.id, new Date(body.data.slot), new Date(), {
      noticeMinutes: 0,
    });
    if (moved !== 'moved') {
      return page(request, reply, { problem: moveProblems[moved], move: params.data.id }, moved === 'gone' ? 409 : 400);
    }
    await audit(request, 'demo.moved', params.data.id, { to: body.data.slot });
    return done(reply, 'moved');
  });

  app.post('/demos/:id/cancel', { config: sales }, async (request, reply) => {
    const params = z.object({ id: uuid }).safeParse(request.params);
    if (!params.success || !(await cancelBooking(data, app.config, params.data.id, new Date()))) {
      return page(request, reply, { problem: moveProblems.unchangeable }, 400);
    }
    await audit(request, 'demo.cancelled', params.data.id);
    return done(reply, 'cancelled');
  });

  // Time off in the team's zone, whole days or part of one: for one host, or for everyone.
  const dayOffFields = ['from', 'to', 'fromTime', 'toTime', 'host', 'reason'] as const;
  routes.post(
    '/demos/blocks',
    { config: sales, schema: { body: dayOffSchema }, attachValidation: true },
    async (request, reply) => {
      const refused = refusedForm(request, dayOffFields);
      const added = refused ?? (await addDayOff(data, request.body, actorOf(request)));
      if ('problems' in added) {
        const values = refused?.values ?? typedValues(request.body, dayOffFields);
        return page(request, reply, { form: { name: 'dayOff', problems: added.problems, values } }, 400);
      }
      return done(reply, 'blocked');
    },
  );

  app.post('/demos/blocks/:id/remove', { config: sales }, async (request, reply) => {
    const params = z.object({ id: uuid }).safeParse(request.params);
    if (!params.success || !(await removeDayOff(data, params.data.id, actorOf(request)))) {
      return page(request, reply, { problem: 'That time off was already removed.' }, 404);
    }
    return done(reply, 'unblocked');
  });

  const hoursFields = ['hours', 'zone'] as const;
  routes.post(
    '/demos/hours',
    { config: sales, schema: { body: hoursSchema }, attachValidation: true },
    async (request, reply) => {
      const refused = refusedForm(request, hoursFields);
      const saved = refused ?? (await setHours(data, request.body, actorOf(request)));
      if ('problems' in saved) {
        const values = refused?.values ?? typedValues(request.body, hoursFields);
        return page(request, reply, { form: { name: 'hours', problems: saved.problems, values } }, 400);
      }
      return done(reply, 'hours');
    },
  );

  const hostFields = ['id', 'name', 'email'] as const;
  routes.post(
    '/demos/hosts',
    { config: sales, schema: { body: hostSchema }, attachValidation: true },
    async (request, reply) => {
      const refused = refusedForm(request, hostFields);
      if (refused) return page(request, reply, { form: { name: 'host', ...refused } }, 400);
      await saveHost(data, request.body, actorOf(request));
      return done(reply, 'host');
    },
  );

  app.post('/demos/hosts/:id/remove', { config: sales }, async (request, reply) => {
    const params = z.object({ id: z.string().check(z.regex(hostIdPattern)) }).safeParse(request.params);
    const removed = params.success ? await removeHost(data, params.data.id, new Date(), actorOf(request)) : 'missing';
    if (removed !== 'removed') {
      const problem =
        removed === 'booked'
          ? 'This host has demos to come: move or cancel them first.'
          : 'There is no host with this id.';
      return page(request, reply, { problem }, 400);
    }
    return done(reply, 'host-removed');
  });
}
