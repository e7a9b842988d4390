import { createHmac, timingSafeEqual } from 'node:crypto';
import { newsletterConsentWording, unsubscribePath } from '@growmail/contracts/form-fields';
import type { Language } from '@growmail/contracts/language';
import { newsletterConsentWordingFr } from '@growmail/contracts/messages-fr';
import { newsletterConfirmPath } from '@growmail/contracts/routes';
import type { Config } from '../../config.ts';
import type { OutboxMessage } from '../../repositories/mail.ts';
import { decodeListId, mintTrackingId } from './tracking.ts';

/**
 * Newsletter confirmation tokens (D23): `{list}.{contact}.{issued}.{signature}`, signed with
 * the tracking secret under a purpose of their own, so an unsubscribe signature can never
 * pass for a confirmation. A token lasts a week.
 */
export const confirmationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** One confirmation email per address per day: the capture call cannot flood an inbox. */
export const confirmationIntervalMs = 24 * 60 * 60 * 1000;

export type Confirmation = { listId: string; contactId: string; issued: Date };

const sign = (secret: string, list: string, contactId: string, issued: string, email: string) =>
  createHmac('sha256', secret)
    .update(['confirm-v1', list, contactId, issued, email.toLowerCase()].join('\n'))
    .digest('base64url')
    .slice(0, 32);

export function mintConfirmationToken(secret: string, listId: string, contactId: string, email: string, now: Date) {
  const list = Buffer.from(listId).toString('base64url');
  const issued = now.getTime().toString(36);
  return [list, contactId, issued, sign(secret, list, contactId, issued, email)].join('.');
}

/** The token's parts, before the signature is checked (it needs the contact's email). */
export function readConfirmationToken(
  token: string,
): (Confirmation & { check: (secret: string, email: string) => boolean }) | null {
  const [list, contactId, issued, signature, ...rest] = token.split('.');
  if (!list || !contactId || !issued || !signature || rest.length > 0) return null;
  const time = parseInt(issued, 36);
  const listId = decodeListId(list);
  if (!Number.isSafeInteger(time) || listId === null) return null;
  return {
    listId,
    contactId,
    issued: new Date(time),
    check: (secret, email) => {
      const expected = Buffer.from(sign(secret, list, contactId, issued, email));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** A base that may be a path on this server (/services/users), as an absolute URL for an email. */
const absolute = (config: Config, base: string) => (base.startsWith('/') ? `${config.urls.public}${base}` : base);

/**
 * The confirmation email. Its link opens a page where the visitor presses a button (a mail
 * scanner that follows links subscribes nobody). It carries RFC 8058 one-click unsubscribe
 * headers, which mailbox providers require of bulk senders: one click there stops further
 * confirmation emails to this address until it subscribes again. It is written in the language
 * the membership was asked for in (D37), and links to that language's confirmation page.
 */
export function confirmationMail(
  config: Config,
  secret: string,
  member: { listId: string; contactId: string; email: string; page: string | null; language?: Language },
  now: Date,
): OutboxMessage {
  const token = mintConfirmationToken(secret, member.listId, member.contactId, member.email, now);
  const french = member.language === 'fr';
  const confirmUrl = `${config.urls.public}${french ? '/fr' : ''}${newsletterConfirmPath}?token=${token}`;
  const trackingId = mintTrackingId(secret, member.listId, member.contactId, member.email);
  const query = new URLSearchParams({ contact_email: member.email, contact_id: member.contactId });
  const unsubscribeUrl = `${absolute(config, config.urls.users)}/guests/unsubscribe/${unsubscribePath(trackingId, 'list')}?${query}`;
  const where = member.page ? `${config.urls.public}${member.page}` : config.urls.public;
  const headers = {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  if (french)
    return {
      to: member.email,
      subject: 'Confirmez votre abonnement à notre newsletter',
      text: [
        'Bonjour,',
        '',
        `Une demande d’abonnement à notre newsletter a été faite pour l’adresse ${member.email} depuis ${where}.`,
        '',
        newsletterConsentWordingFr,
        '',
        'Pour confirmer votre abonnement, ouvrez ce lien puis appuyez sur le bouton «\u202fConfirmer mon abonnement\u202f»\u202f:',
        confirmUrl,
        '',
        'Si cette demande ne vient pas de vous, ignorez simplement cet email\u202f: aucun abonnement ne sera enregistré.',
        '',
        'Cordialement,',
        'L’équipe Growmail',
        '',
      ].join('\n'),
      headers,
    };
  return {
    to: member.email,
    subject: 'Confirm your newsletter subscription',
    text: [
      `Someone, we hope you, asked for our newsletter at ${member.email} on ${where}.`,
      '',
      newsletterConsentWording,
      '',
      'To subscribe, open this link and press the button on the page:',
      confirmUrl,
      '',
      'If you did not ask, ignore this email: you will not be subscribed.',
      '',
    ].join('\n'),
    headers,
  };
}
