import { dayOffSchema, hostParams, hostSchema, hoursSchema } from '@growmail/contracts/demo-availability';
import { bookingMoveSchema, demosPageQuery, recordParams, type DemosPage } from '@growmail/contracts/team';
import { mayUseRoute } from '@growmail/contracts/team-access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
    const moved =
      move && mayUseRoute(request.teamSession!, 'POST /team/demos/:id/move')
        ? bookings.find((row) => row.id === move)
        : undefined;
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
  routes.get('/demos', { schema: { querystring: demosPageQuery } }, async (request, reply) => {
    const { move } = request.query;
    return page(request, reply, { notice: noticeFor('demos', request.query), ...(move ? { move } : {}) });
  });

  // Sales may move a booking to any open slot within the hours: the two-hour notice is waived (D41).
  routes.post(
    '/demos/:id/move',
    { schema: { params: recordParams, body: bookingMoveSchema }, attachValidation: true },
    async (request, reply) => {
      const refused = request.validationError;
      if (refused?.validationContext === 'params')
        return sendProblem(reply, 404, 'Not found', 'There is no booking with this id.');
      const { id } = request.params;
      if (refused) return page(request, reply, { problem: 'Choose a new time for the booking.', move: id }, 400);
      const moved = await rescheduleBooking(
        data,
        app.config,
        id,
        new Date(request.body.slot),
        new Date(),
        actorOf(request),
      );
      if (moved !== 'moved') {
        return page(request, reply, { problem: moveProblems[moved], move: id }, moved === 'gone' ? 409 : 400);
      }
      return done(reply, 'moved');
    },
  );

  routes.post('/demos/:id/cancel', { schema: { params: recordParams } }, async (request, reply) => {
    if (!(await cancelBooking(data, app.config, request.params.id, new Date(), actorOf(request)))) {
      return page(request, reply, { problem: moveProblems.unchangeable }, 400);
    }
    return done(reply, 'cancelled');
  });

  // Time off in the team's zone, whole days or part of one: for one host, or for everyone.
  const dayOffFields = ['from', 'to', 'fromTime', 'toTime', 'host', 'reason'] as const;
  routes.post('/demos/blocks', { schema: { body: dayOffSchema }, attachValidation: true }, async (request, reply) => {
    const refused = refusedForm(request, dayOffFields);
    const added = refused ?? (await addDayOff(data, request.body, actorOf(request)));
    if ('problems' in added) {
      const values = refused?.values ?? typedValues(request.body, dayOffFields);
      return page(request, reply, { form: { name: 'dayOff', problems: added.problems, values } }, 400);
    }
    return done(reply, 'blocked');
  });

  routes.post('/demos/blocks/:id/remove', { schema: { params: recordParams } }, async (request, reply) => {
    if (!(await removeDayOff(data, request.params.id, actorOf(request)))) {
      return page(request, reply, { problem: 'That time off was already removed.' }, 404);
    }
    return done(reply, 'unblocked');
  });

  const hoursFields = ['hours', 'zone'] as const;
  routes.post('/demos/hours', { schema: { body: hoursSchema }, attachValidation: true }, async (request, reply) => {
    const refused = refusedForm(request, hoursFields);
    const saved = refused ?? (await setHours(data, request.body, actorOf(request)));
    if ('problems' in saved) {
      const values = refused?.values ?? typedValues(request.body, hoursFields);
      return page(request, reply, { form: { name: 'hours', problems: saved.problems, values } }, 400);
    }
    return done(reply, 'hours');
  });

  const hostFields = ['id', 'name', 'email'] as const;
  routes.post('/demos/hosts', { schema: { body: hostSchema }, attachValidation: true }, async (request, reply) => {
    const refused = refusedForm(request, hostFields);
    if (refused) return page(request, reply, { form: { name: 'host', ...refused } }, 400);
    await saveHost(data, request.body, actorOf(request));
    return done(reply, 'host');
  });

  routes.post('/demos/hosts/:id/remove', { schema: { params: hostParams } }, async (request, reply) => {
    const removed = await removeHost(data, request.params.id, new Date(), actorOf(request));
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
