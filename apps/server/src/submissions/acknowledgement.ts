import type { LeadKind } from '@growmail/contracts/form-names';
import { normaliseEmail } from '@growmail/contracts/rules';
import type { Repositories } from '../repositories/index.ts';
import type { OutboxMessage } from '../repositories/mail.ts';
import type { Executor } from '../repositories/repository.ts';

/** One acknowledgement per address per hour: the forms cannot be used to mail strangers. */
export const acknowledgementIntervalMs = 60 * 60 * 1000;

/** What the person wrote, in the words of their acknowledgement. */
const what: Partial<Record<LeadKind, string>> = {
  enquiry: 'your message',
  demo: 'your demo request',
  startup: 'your startup programme application',
};

/** The reference a person can quote: GM- and the first eight characters of the lead's id. */
export const leadReference = (leadId: string) => `GM-${leadId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;

/**
 * Queues "we received it" to the person who wrote, in the lead's transaction, for an enquiry,
 * a demo request or a startup application. It carries none of what they typed (a stranger's
 * address in the form gets a plain notice, nothing more), and at most one goes to an address
 * in an hour.
 */
export async function acknowledge(
  { mail }: Pick<Repositories, 'mail'>,
  trx: Executor,
  kind: LeadKind,
  email: string,
  leadId: string,
) {
  const subject = what[kind];
  if (!subject) return;
  const address = normaliseEmail(email);
  const topic = `ack:${address}`;
  if (await mail.in(trx).queuedSince(topic, new Date(Date.now() - acknowledgementIntervalMs))) return;
  await mail.in(trx).enqueue(topic, acknowledgementMail(address, subject, leadReference(leadId)));
}

function acknowledgementMail(to: string, subject: string, reference: string): OutboxMessage {
  return {
    to,
    subject: `We received ${subject} (${reference})`,
    text: [
      `Thank you: we received ${subject} on the Growmail website, and a person on our team will reply.`,
      '',
      `Your reference is ${reference}. Quote it if you write to us about it.`,
      '',
      'If you did not write to us, someone typed your address; you need do nothing, and we will not write again about it.',
      '',
    ].join('\n'),
  };
}
