import type { DemosPage } from '@growmail/contracts/team';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import * as z from 'zod/mini';
import { auditActor } from '../lib/actor.ts';
import { currentSlots, defaultZone } from '../demos/availability.ts';
import { cancelBooking, rescheduleBooking } from '../demos/change-booking.ts';
import { describeHours, readHours } from '../demos/hours-text.ts';
import { canonicalZone } from '../demos/slots.ts';
import { contactsFor } from '../people/masking.ts';
import type { DataAccess } from '../repositories/index.ts';
import { actorOf, sendProblem, sendTeamPage } from './pages.ts';

const viewer = { team: { role: 'viewer' as const } };
const sales = { team: { role: 'sales' as const } };

const uuid = z.string().check(z.regex(/^[0-9a-f-]{36}$/));
const hostId = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A host id is lower-case letters, digits and dashes, such as ada.'));
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date.'));

const notices: Record<string, string> = {
  moved: 'Moved. The prospect gets the updated invitation.',
  cancelled: 'Cancelled. The prospect gets the cancellation.',
  blocked: 'Day off saved: /demo no longer offers it.',
  unblocked: 'Day off removed.',
  hours: 'Hours saved.',
  host: 'Host saved.',
  'host-removed': 'Host removed.',
};

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

  const done = (reply: FastifyReply, notice: string) => {
    app.demoPage.changed();
    return reply.redirect(`/team/demos?done=${notice}`, 303);
  };
  const audit = (request: FastifyRequest, action: string, recordId: string, detail: Record<string, unknown> = {}) =>
    data.audit.record({ ...auditActor(actorOf(request)), action, recordType: 'demo', recordId, detail });

  app.get('/demos', { config: viewer }, async (request, reply) => {
    const { done: key, move } = request.query as Record<string, unknown>;
    return page(request, reply, {
      ...(typeof key === 'string' && key in notices ? { notice: notices[key] } : {}),
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

  // A day off, or several, in the team's zone: for one host, or for everyone.
  app.post('/demos/blocks', { config: sales }, async (request, reply) => {
    const body = z
      .object({
        from: day,
        to: z.optional(z.union([z.literal(''), day])),
        host: z.optional(z.union([z.literal(''), hostId])),
        reason: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Keep the reason to 200 characters.'))),
      })
      .safeParse(request.body);
    if (!body.success) return page(request, reply, { problem: body.error.issues[0]?.message ?? 'Choose a date.' }, 400);
    const zone = (await data.demos.hours())[0]?.zone ?? defaultZone;
    const start = DateTime.fromISO(body.data.from, { zone });
    const end = DateTime.fromISO(body.data.to || body.data.from, { zone }).plus({ days: 1 });
    if (!start.isValid || !end.isValid || end <= start) {
      return page(request, reply, { problem: 'The last day comes before the first. Check the dates.' }, 400);
    }
    const host = body.data.host || null;
    if (host && !(await data.demos.hosts()).some((row) => row.id === host)) {
      return page(request, reply, { problem: 'Choose one of the hosts, or everyone.' }, 400);
    }
    const id = await data.demos.addBlock({
      hostId: host,
      start: start.toJSDate(),
      end: end.toJSDate(),
      reason: body.data.reason || null,
    });
    await audit(request, 'demo.blocked', id, {
      from: body.data.from,
      to: body.data.to || body.data.from,
      host: host ?? 'everyone',
    });
    return done(reply, 'blocked');
  });

  app.post('/demos/blocks/:id/remove', { config: sales }, async (request, reply) => {
    const params = z.object({ id: uuid }).safeParse(request.params);
    if (!params.success || !(await data.demos.removeBlock(params.data.id))) {
      return page(request, reply, { problem: 'That day off was already removed.' }, 404);
    }
    await audit(request, 'demo.unblocked', params.data.id);
    return done(reply, 'unblocked');
  });

  app.post('/demos/hours', { config: sales }, async (request, reply) => {
    const body = z
      .object({ hours: z.string().check(z.maxLength(400)), zone: z.string().check(z.maxLength(100)) })
      .safeParse(request.body);
    if (!body.success) return page(request, reply, { problem: 'Write the hours, such as mon-fri 09:00-17:00.' }, 400);
    const zone = canonicalZone(body.data.zone.trim());
    if (!zone) return page(request, reply, { problem: 'Enter a time zone such as Africa/Lagos.' }, 400);
    let hours;
    try {
      hours = readHours(body.data.hours.trim().split(/\s+/).filter(Boolean));
    } catch (error) {
      return page(request, reply, { problem: (error as Error).message }, 400);
    }
    await data.demos.replaceHours(zone, hours);
    await audit(request, 'demo.hours', 'hours', { zone, hours: body.data.hours.trim() });
    return done(reply, 'hours');
  });

  app.post('/demos/hosts', { config: sales }, async (request, reply) => {
    const body = z
      .object({
        id: hostId,
        name: z.string().check(z.trim(), z.minLength(1, 'Enter the host’s name.'), z.maxLength(100)),
        email: z.optional(
          z.union([z.literal(''), z.email('Enter an address, or leave it empty for the sales inbox.')]),
        ),
      })
      .safeParse(request.body);
    if (!body.success)
      return page(request, reply, { problem: body.error.issues[0]?.message ?? 'Check the host.' }, 400);
    await data.demos.saveHost({ id: body.data.id, name: body.data.name, email: body.data.email || null });
    await audit(request, 'demo.host-saved', body.data.id, { name: body.data.name });
    return done(reply, 'host');
  });

  app.post('/demos/hosts/:id/remove', { config: sales }, async (request, reply) => {
    const params = z.object({ id: hostId }).safeParse(request.params);
    const removed = params.success ? await data.demos.removeHost(params.data.id, new Date()) : 'missing';
    if (removed !== 'removed') {
      const problem =
        removed === 'booked'
          ? 'This host has demos to come: move or cancel them first.'
          : 'There is no host with this id.';
      return page(request, reply, { problem }, 400);
    }
    await audit(request, 'demo.host-removed', params.data!.id);
    return done(reply, 'host-removed');
  });
}
