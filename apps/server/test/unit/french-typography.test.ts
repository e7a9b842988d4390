import ICAL from 'ical.js';
import type { Language } from '@growmail/contracts/language';
import { describe, expect, it } from 'vitest';
import { frenchSpacingFaults, stringsIn } from '@growmail/test-support/french-typography';
import { pageMessages } from '../../src/demos/manage-page.ts';
import { bookedMail, cancelledMail, heldBookingMail, movedMail, reminderMail } from '../../src/demos/messages.ts';
import { postMessages } from '../../src/form-posts/refusals.ts';
import type { Repositories } from '../../src/repositories/index.ts';
import type { OutboxMessage } from '../../src/repositories/mail.ts';
import { confirmationMail } from '../../src/services/users/consent.ts';
import { acknowledge } from '../../src/submissions/acknowledgement.ts';
import { bookedDemo, demoStart as start, mailConfig as config } from './demos/booked-demo.ts';

const link = 'https://growmail.test/demo/booking?token=t';
type Outbox = Pick<Repositories, 'mail'>;

/** Every mail the server writes to a visitor, in `language`: the demo's, the newsletter's confirmation, the acknowledgements. */
async function mailsIn(language: Language): Promise<OutboxMessage[]> {
  // The prospect's zone and the team's differ, so the mails give the team's time too.
  const demo = bookedDemo(language);
  const acknowledgements: OutboxMessage[] = [];
  // The outbox as the acknowledgement uses it: nothing queued yet, and what it queues kept here.
  const enqueue = async (_topic: string, mail: OutboxMessage) => String(acknowledgements.push(mail));
  const outbox = { mail: { in: () => ({ queuedSince: async () => false, enqueue }) } } as unknown as Outbox;
  for (const kind of ['enquiry', 'demo', 'startup'] as const)
    await acknowledge(outbox, undefined as never, kind, 'awa@example.sn', crypto.randomUUID(), language);
  const member = { listId: 'list', contactId: 'contact', email: 'awa@example.sn', page: '/fr/', language };
  return [
    bookedMail(demo, config, link),
    reminderMail(demo, link),
    heldBookingMail(demo, link),
    movedMail(demo, config, link),
    cancelledMail(demo, config),
    confirmationMail(config, 'secret', member, start),
    ...acknowledgements,
  ];
}

/** What a visitor reads of a mail: its subject, its text, and its invitation's SUMMARY and DESCRIPTION. */
function mailTexts(mail: OutboxMessage): string[] {
  const event = mail.icalEvent
    ? new ICAL.Component(ICAL.parse(mail.icalEvent.content)).getFirstSubcomponent('vevent')
    : null;
  return [
    mail.subject,
    mail.text,
    String(event?.getFirstPropertyValue('summary') ?? ''),
    String(event?.getFirstPropertyValue('description') ?? ''),
  ];
}

describe('French typography in what the server writes (D37)', () => {
  it('puts a narrow no-break space before ? ! : ; %, inside « » and between digit groups in every French mail', async () => {
    const mails = await mailsIn('fr');
    expect(mails).toHaveLength(9);
    expect(mails.flatMap(mailTexts).flatMap(frenchSpacingFaults)).toEqual([]);
  });

  it('does the same in the French words of its pages', () => {
    const texts = [
      ...stringsIn(postMessages.fr),
      ...stringsIn(pageMessages.fr),
      pageMessages.fr.booked('mardi 1er décembre à 15\u00a0h\u00a030 (heure de Douala)', 'Ada Obi'),
    ];
    expect(texts.flatMap(frenchSpacingFaults)).toEqual([]);
  });

  it('keeps the English mails in English typography, with no narrow no-break space', async () => {
    const texts = (await mailsIn('en')).flatMap(mailTexts);
    expect(texts.filter((text) => text.includes('\u202f'))).toEqual([]);
  });
});
