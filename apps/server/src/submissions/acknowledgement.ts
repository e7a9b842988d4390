import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import { normaliseEmail } from '@growmail/contracts/rules';
import type { Repositories } from '../repositories/index.ts';
import type { OutboxMessage } from '../repositories/mail.ts';
import type { Executor } from '../repositories/repository.ts';

/** One acknowledgement per address per hour: the forms cannot be used to mail strangers. */
export const acknowledgementIntervalMs = 60 * 60 * 1000;

/** What the person wrote, in the words of their acknowledgement, in each language (D37). */
const what: Record<Language, Partial<Record<LeadKind, string>>> = {
  en: { enquiry: 'your message', demo: 'your demo request', startup: 'your startup programme application' },
  fr: {
    enquiry: 'votre message',
    demo: 'votre demande de démo',
    startup: 'votre candidature au programme startup',
  },
};

/** The French mail's opening sentence, its participle agreeing with what was sent. */
const receivedFr: Partial<Record<LeadKind, string>> = {
  enquiry: 'Votre message nous est bien parvenu',
  demo: 'Votre demande de démo nous est bien parvenue',
  startup: 'Votre candidature au programme startup nous est bien parvenue',
};

/** The reference a person can quote: GM- and the first eight characters of the lead's id. */
export const leadReference = (leadId: string) => `GM-${leadId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;

/**
 * Queues "we received it" to the person who wrote, in the lead's transaction, for an enquiry,
 * a demo request or a startup application. It carries none of what they typed (a stranger's
 * address in the form gets a plain notice, nothing more), and at most one goes to an address
 * in an hour. It is written in the language of the page the lead was sent from (D37).
 */
export async function acknowledge(
  { mail }: Pick<Repositories, 'mail'>,
  trx: Executor,
  kind: LeadKind,
  email: string,
  leadId: string,
  language: Language = 'en',
) {
  const subject = what[language][kind];
  if (!subject) return;
  const address = normaliseEmail(email);
  const topic = `ack:${address}`;
  if (await mail.in(trx).queuedSince(topic, new Date(Date.now() - acknowledgementIntervalMs))) return;
  await mail.in(trx).enqueue(topic, acknowledgementMail(address, kind, subject, leadReference(leadId), language));
}

function acknowledgementMail(
  to: string,
  kind: LeadKind,
  subject: string,
  reference: string,
  language: Language,
): OutboxMessage {
  if (language === 'fr')
    return {
      to,
      subject: `Nous avons bien reçu ${subject} (${reference})`,
      text: [
        'Bonjour,',
        '',
        `Merci\u202f! ${receivedFr[kind] ?? ''} par le site de Growmail. Un membre de notre équipe vous répondra prochainement.`,
        '',
        `Votre référence est ${reference}. Merci de l’indiquer dans vos échanges avec nous à ce sujet.`,
        '',
        'Si vous ne nous avez pas écrit, quelqu’un a saisi votre adresse par erreur\u202f: vous n’avez rien à faire et nous ne vous écrirons plus à ce sujet.',
        '',
        'Cordialement,',
        'L’équipe Growmail',
        '',
      ].join('\n'),
    };
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
