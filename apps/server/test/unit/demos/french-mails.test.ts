import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { bookedMail, cancelledMail, reminderMail, type BookedDemo } from '../../../src/demos/messages.ts';

const config = loadConfig({ LOG_LEVEL: 'silent', MAIL_FROM: 'site@growmail.test', SALES_INBOX: 'sales@growmail.test' });
const start = new Date('2026-12-01T14:30:00.000Z');
const demo: BookedDemo = {
  id: '5f0c2a1e-8b7d-4c3a-9e1f-2d3c4b5a6e7f',
  start,
  end: new Date(start.getTime() + 30 * 60_000),
  sequence: 0,
  prospect: { name: 'Mariam Traoré', email: 'mariam@bamako.ml', zone: 'Africa/Douala' },
  host: { name: 'Ada Obi', email: 'ada@growmail.test' },
  teamZone: 'Africa/Lagos',
  language: 'fr',
};
/** The slot as a French reader sees it in a zone, by Intl. */
const inFrench = (zone: string) =>
  `${new Intl.DateTimeFormat('fr', { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }).format(start)} à ${new Intl.DateTimeFormat('fr', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(start)}`;

describe('a French prospect’s demo mails (D37)', () => {
  it('writes the reminder in French, the time by Intl in their zone', () => {
    const mail = reminderMail(demo, 'https://growmail.test/demo/booking?token=t');
    expect(inFrench('Africa/Douala')).toBe('mardi 1 décembre à 15:30');
    expect(mail.subject).toBe('Demain\u202f: votre démo Growmail, mardi 1 décembre à 15:30');
    expect(mail.text).toBe(
      [
        'Bonjour Mariam Traoré,',
        '',
        'Petit rappel de votre démo Growmail de 30 minutes.',
        '',
        'Quand\u202f: mardi 1 décembre à 15:30 (heure de Africa/Douala)',
        `Pour notre équipe\u202f: ${inFrench('Africa/Lagos')} (heure de Africa/Lagos)`,
        'Avec\u202f: Ada Obi',
        '',
        'Pour la déplacer ou l’annuler\u202f: https://growmail.test/demo/booking?token=t',
        '',
      ].join('\n'),
    );
  });

  it('puts a French SUMMARY and DESCRIPTION in the invitation and its cancellation', () => {
    for (const mail of [bookedMail(demo, config, 'https://x.test'), cancelledMail(demo, config)]) {
      const event = new ICAL.Component(ICAL.parse(mail.icalEvent!.content)).getFirstSubcomponent('vevent')!;
      expect(event.getFirstPropertyValue('summary')).toBe('Démo Growmail');
      expect(event.getFirstPropertyValue('description')).toBe('Une démo de Growmail de 30 minutes avec Ada Obi.');
    }
    expect(cancelledMail(demo, config).subject).toBe('Annulée\u202f: votre démo Growmail, mardi 1 décembre à 15:30');
  });

  it('keeps an English prospect’s mails in English', () => {
    const mail = reminderMail({ ...demo, language: 'en' }, 'https://x.test');
    expect(mail.subject).toBe('Tomorrow: your Growmail demo, Tuesday 1 December, 15:30');
    expect(mail.text).toContain('When: Tuesday 1 December, 15:30 (Africa/Douala time)');
  });
});
