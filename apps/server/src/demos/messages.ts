import type { Language } from '@growmail/contracts/language';
import { zoneInWords } from '@growmail/contracts/zone-names';
import { createEvent } from 'ics';
import type { Config } from '../config.ts';
import type { OutboxMessage } from '../repositories/mail.ts';
import { describeSlot } from './slot-picker.ts';

/** What a demo's mails need to know of it: the booking, its host, the team's zone, and the prospect's language. */
export type BookedDemo = {
  id: string;
  start: Date;
  end: Date;
  /** The iCalendar SEQUENCE: 0 when booked, one more with each change. */
  sequence: number;
  prospect: { name: string; email: string; zone: string };
  host: { name: string; email: string };
  teamZone: string;
  /** The language of the page it was booked from (D37): every mail to the prospect is in it. */
  language: Language;
};

/** A zone as a reader of the language names it: "(Africa/Lagos time)", "(heure d’Abidjan)" (D43). */
const inZone = (zone: string, language: Language) => `(${zoneInWords(zone, language)})`;

/** The words of the prospect's mails, one set per language (D37); the team's mails stay English. */
const wording = {
  en: {
    title: 'Growmail demo',
    description: (host: string) => `A 30-minute demo of Growmail with ${host}.`,
    hello: (name: string) => `Hello ${name},`,
    when: 'When',
    ours: 'For our team',
    with: 'With',
    moveOrCancel: (link: string) => `To move or cancel it: ${link}`,
    signOff: [] as string[],
    booked: {
      subject: (when: string) => `Your Growmail demo: ${when}`,
      lead: 'Your 30-minute Growmail demo is booked.',
      attached: 'The invitation is attached: open it to add the demo to your calendar.',
    },
    reminder: {
      subject: (when: string) => `Tomorrow: your Growmail demo, ${when}`,
      lead: 'A reminder of your 30-minute Growmail demo.',
    },
    held: {
      subject: (when: string) => `Your Growmail demo is already booked: ${when}`,
      lead: 'We received another request for a demo from this address. An address holds one demo at a time, so no other time was booked. Your demo stays as it is:',
      move: (link: string) => `To move it to another time, or cancel it: ${link}`,
      notYou: 'If you did not ask for another demo, there is nothing to do.',
    },
    moved: {
      subject: (when: string) => `Moved: your Growmail demo, ${when}`,
      lead: 'Your Growmail demo has moved. The new time:',
      attached: 'The updated invitation is attached.',
    },
    cancelled: {
      subject: (when: string) => `Cancelled: your Growmail demo, ${when}`,
      lead: 'Your Growmail demo has been cancelled:',
      next: 'Reply to this email, or book another time on our demo page.',
      reason: 'A message from our team:',
    },
  },
  fr: {
    title: 'Démo Growmail',
    description: (host: string) => `Démo Growmail de 30 minutes avec ${host}.`,
    hello: (name: string) => `Bonjour ${name},`,
    when: 'Quand',
    ours: 'Pour notre équipe',
    with: 'Avec',
    moveOrCancel: (link: string) => `Pour la déplacer ou l’annuler\u202f: ${link}`,
    // A French business mail closes with a formula; without one it reads abrupt, even automated.
    signOff: ['Cordialement,', 'L’équipe Growmail', ''],
    booked: {
      subject: (when: string) => `Votre démo Growmail\u202f: ${when}`,
      lead: 'Votre démo Growmail de 30 minutes est réservée.',
      attached: 'L’invitation est jointe\u202f: ouvrez-la pour ajouter la démo à votre agenda.',
    },
    reminder: {
      subject: (when: string) => `Demain\u202f: votre démo Growmail, ${when}`,
      lead: 'Petit rappel de votre démo Growmail de 30 minutes.',
    },
    held: {
      subject: (when: string) => `Votre démo Growmail est déjà réservée\u202f: ${when}`,
      lead: 'Nous avons reçu une autre demande de démo depuis cette adresse. Une adresse ne peut réserver qu’une démo à la fois\u202f: aucun autre créneau n’a donc été réservé. Votre démo est maintenue comme suit\u202f:',
      move: (link: string) => `Pour la déplacer ou l’annuler\u202f: ${link}`,
      notYou: 'Si vous n’avez pas demandé d’autre démo, vous n’avez rien à faire.',
    },
    moved: {
      subject: (when: string) => `Déplacée\u202f: votre démo Growmail, ${when}`,
      lead: 'Votre démo Growmail a été déplacée. Voici son nouveau créneau\u202f:',
      attached: 'L’invitation mise à jour est jointe.',
    },
    cancelled: {
      subject: (when: string) => `Annulée\u202f: votre démo Growmail, ${when}`,
      lead: 'Votre démo Growmail a été annulée\u202f:',
      next: 'Répondez à cet email ou réservez un autre créneau sur notre page de démo.',
      reason: 'Un message de notre équipe\u202f:',
    },
  },
} satisfies Record<Language, unknown>;

/** The demo's time as its prospect reads it, in their zone and language. */
const theirTime = (demo: BookedDemo) => describeSlot(demo.start, demo.prospect.zone, demo.language);

/** The UID every calendar knows the demo by, the same for its invitation, update and cancellation. */
export const demoUid = (bookingId: string, config: Config) => `demo-${bookingId}@${config.mail.from.split('@').pop()}`;

/**
 * The demo as an iCalendar object (RFC 5545) by the `ics` package: `REQUEST` puts it in the
 * prospect's calendar, `CANCEL` takes it out; the UID is the booking's, so an update or a
 * cancellation replaces the event rather than adding one. Its SUMMARY and DESCRIPTION are in
 * the prospect's language (D37).
 */
export function demoInvitation(demo: BookedDemo, config: Config, method: 'REQUEST' | 'CANCEL'): string {
  const words = wording[demo.language];
  const { error, value } = createEvent({
    method,
    productId: '-//Growmail//Demo booking//EN',
    uid: demoUid(demo.id, config),
    sequence: demo.sequence,
    start: demo.start.getTime(),
    end: demo.end.getTime(),
    title: words.title,
    description: words.description(demo.host.name),
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

/** The two clocks a demo is read by: the prospect's zone and the team's, in the prospect's language. */
function times(demo: BookedDemo): string[] {
  const { language } = demo;
  const words = wording[language];
  const theirs = `${theirTime(demo)} ${inZone(demo.prospect.zone, language)}`;
  const ours = `${describeSlot(demo.start, demo.teamZone, language)} ${inZone(demo.teamZone, language)}`;
  const colon = language === 'fr' ? '\u202f:' : ':';
  return demo.prospect.zone === demo.teamZone
    ? [`${words.when}${colon} ${theirs}`]
    : [`${words.when}${colon} ${theirs}`, `${words.ours}${colon} ${ours}`];
}

/** "With: Ada", "Avec : Ada". */
const withHost = (demo: BookedDemo) =>
  `${wording[demo.language].with}${demo.language === 'fr' ? '\u202f:' : ':'} ${demo.host.name}`;

/** The mail a prospect gets on booking, with the invitation for their calendar. */
export function bookedMail(demo: BookedDemo, config: Config, link: string): OutboxMessage {
  const words = wording[demo.language];
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: words.booked.subject(theirTime(demo)),
    text: [
      words.hello(demo.prospect.name),
      '',
      words.booked.lead,
      '',
      ...times(demo),
      withHost(demo),
      '',
      words.booked.attached,
      '',
      words.moveOrCancel(link),
      '',
      ...words.signOff,
    ].join('\n'),
    icalEvent: { method: 'REQUEST', filename: 'growmail-demo.ics', content: demoInvitation(demo, config, 'REQUEST') },
  };
}

/** The reminder a prospect gets a day before. */
export function reminderMail(demo: BookedDemo, link: string): OutboxMessage {
  const words = wording[demo.language];
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: words.reminder.subject(theirTime(demo)),
    text: [
      words.hello(demo.prospect.name),
      '',
      words.reminder.lead,
      '',
      ...times(demo),
      withHost(demo),
      '',
      words.moveOrCancel(link),
      '',
      ...words.signOff,
    ].join('\n'),
  };
}

/**
 * The mail an address gets when a demo is asked for from it while it holds one (one open
 * booking per address): that booking as it stands, and the link to move it. Written from the
 * booking, not the new request, so nothing typed by someone else reaches the address.
 */
export function heldBookingMail(demo: BookedDemo, link: string): OutboxMessage {
  const words = wording[demo.language];
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: words.held.subject(theirTime(demo)),
    text: [
      words.hello(demo.prospect.name),
      '',
      words.held.lead,
      '',
      ...times(demo),
      withHost(demo),
      '',
      words.held.move(link),
      '',
      words.held.notYou,
      '',
      ...words.signOff,
    ].join('\n'),
  };
}

/** The mail a prospect gets when their demo moves: the new time, and the invitation updated. */
export function movedMail(demo: BookedDemo, config: Config, link: string): OutboxMessage {
  const words = wording[demo.language];
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: words.moved.subject(theirTime(demo)),
    text: [
      words.hello(demo.prospect.name),
      '',
      words.moved.lead,
      '',
      ...times(demo),
      withHost(demo),
      '',
      words.moved.attached,
      '',
      words.moveOrCancel(link),
      '',
      ...words.signOff,
    ].join('\n'),
    icalEvent: { method: 'REQUEST', filename: 'growmail-demo.ics', content: demoInvitation(demo, config, 'REQUEST') },
  };
}

/**
 * The team's reason, as the prospect reads it: in the team's own words, which may not be the
 * prospect's language, so it is quoted and marked as the team's, inside the mail in theirs (D37).
 */
const teamMessage = (reason: string, language: BookedDemo['language']) =>
  reason.trim()
    ? [
        wording[language].cancelled.reason,
        ...reason
          .trim()
          .split(/\r?\n/)
          .map((line) => `> ${line}`.trimEnd()),
        '',
      ]
    : [];

/** The mail a prospect gets when sales cancels their demo, taking it out of their calendar. */
export function cancelledMail(demo: BookedDemo, config: Config, reason = ''): OutboxMessage {
  const words = wording[demo.language];
  return {
    to: demo.prospect.email,
    replyTo: demo.host.email,
    subject: words.cancelled.subject(theirTime(demo)),
    text: [
      words.hello(demo.prospect.name),
      '',
      words.cancelled.lead,
      '',
      ...times(demo),
      '',
      ...teamMessage(reason, demo.language),
      words.cancelled.next,
      '',
      ...words.signOff,
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
  language: demo.language,
});
