import type { Language } from '@growmail/contracts/language';
import { loadConfig } from '../../../src/config.ts';
import type { BookedDemo } from '../../../src/demos/messages.ts';

/** The configuration the mail tests write with: a sender and a sales inbox, nothing logged. */
export const mailConfig = loadConfig({
  LOG_LEVEL: 'silent',
  MAIL_FROM: 'site@growmail.test',
  SALES_INBOX: 'sales@growmail.test',
});

/** The demo's start: 14:30 UTC, 15:30 for the prospect in Douala, 15:30 for the team in Lagos. */
export const demoStart = new Date('2026-12-01T14:30:00.000Z');

/** A booked half-hour demo in `language`, its prospect and its host in zones of their own. */
export const bookedDemo = (language: Language): BookedDemo => ({
  id: '5f0c2a1e-8b7d-4c3a-9e1f-2d3c4b5a6e7f',
  start: demoStart,
  end: new Date(demoStart.getTime() + 30 * 60_000),
  sequence: 0,
  prospect: { name: 'Mariam Traoré', email: 'mariam@bamako.ml', zone: 'Africa/Douala' },
  host: { name: 'Ada Obi', email: 'ada@growmail.test' },
  teamZone: 'Africa/Lagos',
  language,
});
