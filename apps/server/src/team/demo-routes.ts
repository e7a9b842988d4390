import {
  dayOffSchema,
  hostParams,
  rangesPerDay,
  typedWeek,
  weekdays,
  weekFormSchema,
  type TypedWeek,
} from '@growmail/contracts/demo-availability';
import {
  bookingCancelSchema,
  bookingMoveSchema,
  demosPageQuery,
  hostPickSchema,
  recordParams,
  removalSchema,
  type DemosPage,
} from '@growmail/contracts/team';
import { mayUseRoute } from '@growmail/contracts/team-access';
import { englishZoneLabel, zoneChoices } from '@growmail/contracts/zone-names';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentSlots, defaultZone } from '../demos/availability.ts';
import { addDayOff, addHost, removeDayOff, removeHost, setWeek } from '../demos/availability-changes.ts';
import { cancelBooking, rescheduleBooking } from '../demos/change-booking.ts';
import { dayOffNotice, wholeDays } from '../demos/day-off-text.ts';
import type { WeeklyHours } from '../demos/slots.ts';
import { webForm } from '../lib/web-form.ts';
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

/** A form's text field, if the lead's form had it. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The company and phone a booking's lead gave, from its fields as stored (JSON text). */
function contactOf(leadFields: string | null): { company: string; phone: string } {
  const fields = leadFields ? (JSON.parse(leadFields) as Record<string, unknown>) : {};
  const phoneField = Object.keys(fields).find((name) => /phone/i.test(name));
  return {
    company: textOf(fields.company ?? fields.company_name),
    phone: phoneField ? textOf(fields[phoneField]) : '',
  };
}

/** The stored week as the form shows it: each weekday's ranges, Monday first. */
const weekOf = (hours: readonly WeeklyHours[]): TypedWeek =>
  weekdays.map((_, index) =>
    hours.filter((span) => span.weekday === index + 1).map((span) => ({ from: span.starts, to: span.ends })),
  );

/** The hours' form being changed, as the page shows it. */
type HoursEdit = { zone: string; days: TypedWeek; problems: Record<string, string>; focus?: string };

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
    extra: Partial<DemosPage> & {
      move?: string | undefined;
      cancel?: string | undefined;
      block?: string | undefined;
      hostChoice?: NonNullable<DemosPage['moving']>['hostChoice'];
      editHours?: HoursEdit | boolean | undefined;
    } = {},
    status = 200,
  ) {
    const now = new Date();
    const { move, cancel, block, hostChoice, editHours, ...shown } = extra;
    const contacts = contactsFor(request.teamSession!.role);
    const works = mayUseRoute(request.teamSession!, 'POST /team/demos/:id/move');
    const [bookings, hosts, hours, blocks, members, inbox] = await Promise.all([
      data.demos.agenda(now),
      data.demos.hosts(),
      data.demos.hours(),
      data.demos.blocks(now),
      works ? data.team.members() : [],
      works ? data.demos.inboxHost() : undefined,
    ]);
    const names = new Map(hosts.map((host) => [host.id, host.name]));
    const hostName = (id: string) => names.get(id) ?? id;
    const zone = hours[0]?.zone ?? defaultZone;
    // Only the booking being moved is offered the open times: a list per booking would weigh
    // tens of kilobytes each on a phone.
    const moved = move && works ? bookings.find((row) => row.id === move) : undefined;
    const moving = moved && {
      id: moved.id,
      name: contacts.text(moved.name),
      start: moved.starts_at,
      host: hostName(moved.host_id),
      slots: (await currentSlots(data.demos, now, { noticeMinutes: 0 })).map((slot) => slot.start.toISOString()),
      hostChoice,
    };
    const cancelled = cancel && works ? bookings.find((row) => row.id === cancel) : undefined;
    const cancelling = cancelled && {
      id: cancelled.id,
      name: contacts.text(cancelled.name),
      email: contacts.address(cancelled.email),
      start: cancelled.starts_at,
      zone: cancelled.zone,
      language: cancelled.language,
      host: hostName(cancelled.host_id),
    };
    const edit = editHours === true ? { zone, days: weekOf(hours), problems: {} } : editHours || undefined;
    const editingHours = works && edit ? { ...edit, zones: zoneChoices() } : undefined;
    const justBlocked = block && blocks.find((row) => row.id === block);
    const notice = justBlocked
      ? dayOffNotice(justBlocked, zone, names, await currentSlots(data.demos, now))
      : shown.notice;
    return sendTeamPage(
      reply,
      {
        view: 'demos',
        now: now.toISOString(),
        bookings: bookings.map((booking) => ({
          id: booking.id,
          start: booking.starts_at,
          name: contacts.text(booking.name),
          email: contacts.address(booking.email),
          zone: booking.zone,
          host: hostName(booking.host_id),
          leadId: booking.lead_id,
          ...(({ company, phone }) => ({ company: contacts.text(company), phone: contacts.field('phone', phone) }))(
            contactOf(booking.lead_fields),
          ),
        })),
        moving,
        cancelling,
        hours: { zone, zoneName: englishZoneLabel(zone), days: weekOf(hours) },
        editingHours,
        hosts: hosts.map((host) => ({
          id: host.id,
          name: host.name,
          email: host.email && contacts.address(host.email),
          member: host.member_id !== null,
        })),
        hostChoices: [
          ...(inbox && !inbox.removed_at ? [] : [{ id: 'inbox', name: 'The sales inbox' }]),
          ...members
            .filter((member) => !hosts.some((host) => host.member_id === member.id))
            .map((member) => ({ id: member.id, name: `${member.name} · ${contacts.address(member.email)}` })),
        ],
        blocks: blocks.map((row) => ({
          id: row.id,
          from: row.starts_at,
          to: row.ends_at,
          days: wholeDays(row, zone),
          host: row.host_id ? hostName(row.host_id) : 'Everyone',
          reason: contacts.text(row.reason ?? ''),
          demos: bookings
            .filter(
              (booking) =>
                (!row.host_id || row.host_id === booking.host_id) &&
                booking.starts_at < row.ends_at &&
                booking.ends_at > row.starts_at,
            )
            .map((booking) => ({ id: booking.id, name: contacts.text(booking.name), start: booking.starts_at })),
        })),
        ...shown,
        notice,
      },
      status,
    );
  }

  // Back to the page at its notice, which takes focus (D44: after a post, focus is on what it did).
  const done = (reply: FastifyReply, notice: NoticeKey<'demos'>, block?: string) => {
    app.demoPage.changed();
    const url = noticeUrl('/team/demos', 'demos', notice);
    return reply.redirect(`${block ? `${url}&${new URLSearchParams({ block })}` : url}#notice`, 303);
  };
  routes.get('/demos', { schema: { querystring: demosPageQuery } }, async (request, reply) => {
    const { move, cancel, block, edit } = request.query;
    const notice = noticeFor('demos', request.query);
    return page(request, reply, { notice, move, cancel, block, editHours: edit === 'hours' });
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
      const { slot, host } = request.body;
      const moved = await rescheduleBooking(data, app.config, id, new Date(slot), new Date(), actorOf(request), host);
      if (moved === 'unchanged') return reply.redirect(`${noticeUrl('/team/demos', 'demos', 'unchanged')}#notice`, 303);
      if (typeof moved === 'object') {
        // Its host is busy then: say so, and let the member choose another host, or another time.
        const hosts = new Map((await data.demos.hosts()).map((row) => [row.id, row.name]));
        const busy = hosts.get(moved.hostBusy) ?? moved.hostBusy;
        const free = moved.freeHosts.map((hostId) => ({ id: hostId, name: hosts.get(hostId) ?? hostId }));
        const problem = `${busy} is not free at that time. Choose another time, or give the demo to another host.`;
        return page(request, reply, { problem, move: id, hostChoice: { slot, free } }, 409);
      }
      if (moved !== 'moved') {
        return page(request, reply, { problem: moveProblems[moved], move: id }, moved === 'gone' ? 409 : 400);
      }
      return done(reply, host ? 'moved-host' : 'moved');
    },
  );

  // Cancelling mails the prospect, so it is never one tap (D44): a post without `confirm=yes`, or
  // the Cancel link, shows what will happen and who is mailed, and only the confirming post cancels.
  routes.post(
    '/demos/:id/cancel',
    { schema: { params: recordParams, body: bookingCancelSchema }, attachValidation: true },
    async (request, reply) => {
      const refused = request.validationError;
      if (refused?.validationContext === 'params')
        return sendProblem(reply, 404, 'Not found', 'There is no booking with this id.');
      const { id } = request.params;
      const body = refused ? undefined : request.body;
      if (refused) {
        const problem = 'Keep the message to 1,000 characters.';
        return page(request, reply, { problem, cancel: id }, 400);
      }
      if (body?.confirm !== 'yes') {
        const booking = await data.demos.booking(id);
        const live = booking?.status === 'booked' && Date.parse(booking.starts_at) > Date.now();
        return live
          ? page(request, reply, { cancel: id })
          : page(request, reply, { problem: moveProblems.unchangeable }, 400);
      }
      if (!(await cancelBooking(data, app.config, id, new Date(), actorOf(request), body.reason ?? ''))) {
        return page(request, reply, { problem: moveProblems.unchangeable }, 400);
      }
      return done(reply, 'cancelled');
    },
  );

  // Time off in the team's zone, whole days or part of one: for one host, or for everyone.
  const dayOffFields = ['from', 'to', 'fromTime', 'toTime', 'host', 'reason'] as const;
  routes.post('/demos/blocks', { schema: { body: dayOffSchema }, attachValidation: true }, async (request, reply) => {
    const refused = refusedForm(request, dayOffFields);
    const added = refused ?? (await addDayOff(data, request.body, actorOf(request)));
    if ('problems' in added) {
      const values = refused?.values ?? typedValues(request.body, dayOffFields);
      return page(request, reply, { form: { name: 'dayOff', problems: added.problems, values } }, 400);
    }
    return done(reply, 'blocked', added.id);
  });

  // Taking time off back offers its times on /demo again: asked first too (D44), then removed.
  routes.post(
    '/demos/blocks/:id/remove',
    { schema: { params: recordParams, body: removalSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const gone = 'That time off was already removed.';
      if (request.body.confirm !== 'yes') {
        const live = (await data.demos.blocks(new Date())).some((row) => row.id === id);
        return live ? page(request, reply, { removingOff: id }) : page(request, reply, { problem: gone }, 404);
      }
      if (!(await removeDayOff(data, id, actorOf(request)))) return page(request, reply, { problem: gone }, 404);
      return done(reply, 'unblocked');
    },
  );

  // The week's hours, one row per weekday with its time ranges, and the zone picked from a list.
  // Adding or removing a range is a post of the same form that answers with the form changed,
  // every value kept, so it works without script; only the save button changes the hours.
  routes.post('/demos/hours', { schema: { body: weekFormSchema }, attachValidation: true }, async (request, reply) => {
    // The form as posted, even when refused, so it comes back with what was typed.
    const posted = webForm(request.body);
    const days = typedWeek(posted).map((ranges) => ranges.slice(0, rangesPerDay));
    const zone = typeof posted.zone === 'string' ? posted.zone.trim().slice(0, 100) : '';
    if (request.validationError) {
      const { problems } = refusedForm(request, ['zone'])!;
      const shown: Record<string, string> = problems.zone
        ? { zone: problems.zone }
        : { mon: 'Check the times: each is a time such as 09:00.' };
      return page(request, reply, { editHours: { zone, days, problems: shown } }, 400);
    }
    const { add, drop } = request.body;
    if (add) {
      const index = weekdays.indexOf(add);
      const ranges = days[index]!;
      if (ranges.length < rangesPerDay) ranges.push({ from: '', to: '' });
      const focus = `hours-${add}-${ranges.length - 1}-from`;
      return page(request, reply, { editHours: { zone, days, problems: {}, focus } });
    }
    if (drop) {
      const [day, range] = drop.split('-') as [(typeof weekdays)[number], string];
      days[weekdays.indexOf(day)]!.splice(Number(range), 1);
      return page(request, reply, { editHours: { zone, days, problems: {}, focus: `hours-${day}-add` } });
    }
    const saved = await setWeek(data, { zone, week: days }, actorOf(request));
    if ('problems' in saved) return page(request, reply, { editHours: { zone, days, problems: saved.problems } }, 400);
    return done(reply, 'hours');
  });

  // A host is one of the team's members, or the sales inbox: picked, not typed.
  routes.post('/demos/hosts', { schema: { body: hostPickSchema }, attachValidation: true }, async (request, reply) => {
    const refused = refusedForm(request, ['member']);
    const added = refused ?? (await addHost(data, request.body, actorOf(request)));
    if ('problems' in added) {
      const values = refused?.values ?? typedValues(request.body, ['member']);
      return page(request, reply, { form: { name: 'host', problems: added.problems, values } }, 400);
    }
    return done(reply, 'host');
  });

  // Removing a host takes their times off /demo, so it is never one tap either (D44): the first
  // post says what will happen, and only the confirming one removes. A host with demos to come
  // is refused at once, rather than after a confirmation.
  routes.post(
    '/demos/hosts/:id/remove',
    { schema: { params: hostParams, body: removalSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const booked = 'This host has demos to come: move or cancel them first.';
      if (request.body.confirm !== 'yes') {
        const hosts = await data.demos.hosts();
        const host = hosts.find((row) => row.id === id);
        if (!host) return page(request, reply, { problem: 'There is no host with this id.' }, 400);
        if ((await data.demos.upcoming(new Date())).some((booking) => booking.host_id === id)) {
          return page(request, reply, { problem: booked }, 400);
        }
        const email = host.email && contactsFor(request.teamSession!.role).address(host.email);
        return page(request, reply, { removingHost: { id, name: host.name, email, last: hosts.length === 1 } });
      }
      const removed = await removeHost(data, id, new Date(), actorOf(request));
      if (removed !== 'removed') {
        const problem = removed === 'booked' ? booked : 'There is no host with this id.';
        return page(request, reply, { problem }, 400);
      }
      return done(reply, 'host-removed');
    },
  );
}
