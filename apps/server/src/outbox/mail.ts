import type { Language } from '@growmail/contracts/language';
import type { OutboxMessage } from '../repositories/mail.ts';

/** Waits before the next attempt after `attempts` failures: 5 s, 10 s, 20 s … capped at an hour. */
export function retryDelayMs(attempts: number, baseMs = 5_000, capMs = 3_600_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The languages by name, as the team's English mails name a lead's (D37). */
export const languageNames: Record<Language, string> = { en: 'English', fr: 'French' };

/**
 * A lead as a plain-text mail for the sales inbox: one "label: value" line per field, in English
 * whatever the lead's language, which it names first (D37) so sales replies in it.
 */
export function leadMail(
  kind: string,
  fields: Record<string, unknown>,
  to: string,
  replyTo: string | undefined,
  language: Language = 'en',
): OutboxMessage {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${format(value)}`);
  const who = [fields.firstname, fields.lastname].filter(Boolean).join(' ') || fields.fullname || fields.email;
  return {
    to,
    subject: `New ${kind} lead${language === 'en' ? '' : ` (${languageNames[language]})`}: ${String(who)}`.slice(
      0,
      200,
    ),
    text: `A new ${kind} lead arrived from the website.\n\nlanguage: ${languageNames[language]} (${language})\n${lines.join('\n')}\n`,
    ...(replyTo ? { replyTo } : {}),
  };
}

const format = (value: unknown): string =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
