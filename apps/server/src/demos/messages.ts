import { createEvent } from 'ics';
import type { Config } from '../config.ts';
import type { OutboxMessage } from '../repositories/mail.ts';
import { describeSlot } from './slot-picker.ts';

/** What a demo's mails need to know of it: the booking, its host, and the team's zone. */
export type BookedDemo = {
  id: string;
  start: Date;
  end: Date;
  /** The iCalendar SEQUENCE: 0 when booked, one more with each change. */
  sequence: number;
  prospect: { name: string; email: string; zone: string };
  host: { name: string; email: string };
  teamZone: string;
};

const zoneName = (zone: string) => zone.replaceAll('_', ' ');

/** The UID every calendar knows the demo by, the same for its invitation, update and cancellation. */
export const demoUid = (bookingId: string, config: Config) => `demo-${bookingId}@${config.mail.from.split('@').pop()}`;

/**
 * The demo as an iCalendar object (RFC 5545) by the `ics` package: `REQUEST` puts it in the
 * prospect's calendar, `CANCEL` takes it out; the UID is the booking's, so an update or a
 * cancellation replaces the event rather than adding one.
 */
export function demoInvitation(demo: BookedDemo, config: Config, method: 'REQUEST' | 'CANCEL'): string {
  const { error, value } = createEvent({
    method,
    productId: '-//Growmail//Demo booking//EN',
    uid: demoUid(demo.id, config),
    sequence: demo.sequence,
    start: demo.start.getTime(),
    end: demo.end.getTime(),
    title: 'Growmail demo',
    description: `A 30-minute demo of Growmail with ${demo.host.name}.`,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: demo.host.name, email: demo.host.email },
    attendees: [
      {
        name: demo.prospect.name,
        email: demo.prospect.email,
        rsvp: true,
        role: 'REQ-PARTICIPANT',
        partstat: 'NEEDS-ACTION',
      },
    ],
  });
  if (error || !value)
    throw new Error(`The demo's invitation could not be written: ${String(error?.message ?? error)}`);
  return value;
}

/** The two clocks a demo is read by: the prospect's zone and the team's. */
function times(demo: BookedDemo): string[] {
  const theirs = `${describeSlot(demo.start, demo.prospect.zone)} (${zoneName(demo.prospect.zone)} time)`;
  const ours = `${describeSlot(demo.start, demo.teamZone)} (${zoneName(demo.teamZone)} time)`;
  return demo.prospect.zone === demo.teamZone ? [`When: ${theirs}`] : [`When: ${theirs}`, `For our team: ${ours}`];
}

/** The mail a prospect gets on booking, with the invitation for their calendar. */
export function bookedMail(demo: BookedDemo, config: Config, link: string): OutboxMessage {
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: `Your Growmail demo: ${describeSlot(demo.start, demo.prospect.zone)}`,
    text: [
      `Hello ${demo.prospect.name},`,
      '',
      'Your 30-minute Growmail demo is booked.',
      '',
      ...times(demo),
      `With: ${demo.host.name}`,
      '',
      'The invitation is attached: open it to add the demo to your calendar.',
      '',
      `To move or cancel it: ${link}`,
      '',
    ].join('\n'),
    icalEvent: { method: 'REQUEST', filename: 'growmail-demo.ics', content: demoInvitation(demo, config, 'REQUEST') },
  };
}

/** The reminder a prospect gets a day before. */
export function reminderMail(demo: BookedDemo, link: string): OutboxMessage {
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: `Tomorrow: your Growmail demo, ${describeSlot(demo.start, demo.prospect.zone)}`,
    text: [
      `Hello ${demo.prospect.name},`,
      '',
      'A reminder of your 30-minute Growmail demo.',
      '',
      ...times(demo),
      `With: ${demo.host.name}`,
      '',
      `To move or cancel it: ${link}`,
      '',
    ].join('\n'),
  };
}

/**
 * The mail an address gets when a demo is asked for from it while it holds one (one open
 * booking per address): that booking as it stands, and the link to move it. Written from the
 * booking, not the new request, so nothing typed by someone else reaches the address.
 */
export function heldBookingMail(demo: BookedDemo, link: string): OutboxMessage {
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: `Your Growmail demo is already booked: ${describeSlot(demo.start, demo.prospect.zone)}`,
    text: [
      `Hello ${demo.prospect.name},`,
      '',
      'We received another request for a demo from this address. An address holds one demo at a time, so no other time was booked. Your demo stays as it is:',
      '',
      ...times(demo),
      `With: ${demo.host.name}`,
      '',
      `To move it to another time, or cancel it: ${link}`,
      '',
      'If you did not ask for another demo, there is nothing to do.',
      '',
    ].join('\n'),
  };
}

/** The mail a prospect gets when their demo moves: the new time, and the invitation updated. */
export function movedMail(demo: BookedDemo, config: Config, link: string): OutboxMessage {
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: `Moved: your Growmail demo, ${describeSlot(demo.start, demo.prospect.zone)}`,
    text: [
      `Hello ${demo.prospect.name},`,
      '',
      'Your Growmail demo has moved. The new time:',
      '',
      ...times(demo),
      `With: ${demo.host.name}`,
      '',
      'The updated invitation is attached.',
      '',
      `To move or cancel it: ${link}`,
      '',
    ].join('\n'),
    icalEvent: { method: 'REQUEST', filename: 'growmail-demo.ics', content: demoInvitation(demo, config, 'REQUEST') },
  };
}

/** The mail a prospect gets when sales cancels their demo, taking it out of their calendar. */
export function cancelledMail(demo: BookedDemo, config: Config): OutboxMessage {
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: `Cancelled: your Growmail demo, ${describeSlot(demo.start, demo.prospect.zone)}`,
    text: [
      `Hello ${demo.prospect.name},`,
      '',
      'Your Growmail demo has been cancelled:',
      '',
      ...times(demo),
      '',
      'Reply to this email, or book another time on our demo page.',
      '',
    ].join('\n'),
    icalEvent: { method: 'CANCEL', filename: 'growmail-demo.ics', content: demoInvitation(demo, config, 'CANCEL') },
  };
}

/** The demo as a webhook event's data: no more than the team's tools need. */
export const demoEventData = (demo: BookedDemo, leadId: string | null) => ({
  booking_id: demo.id,
  lead_id: leadId,
  email: demo.prospect.email,
  name: demo.prospect.name,
  starts_at: demo.start.toISOString(),
  ends_at: demo.end.toISOString(),
  zone: demo.prospect.zone,
  host: demo.host.email,
});
