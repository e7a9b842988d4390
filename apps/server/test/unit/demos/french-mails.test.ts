import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@growmail/contracts/dates';
import { bookedMail, cancelledMail, reminderMail } from '../../../src/demos/messages.ts';
import { bookedDemo, demoStart as start, mailConfig as config } from './booked-demo.ts';

const demo = bookedDemo('fr');
/** The hour and minutes of the slot in a zone, as numbers. */
const clock = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone: zone })
    .format(start)
    .split(':')
    .map(Number);
/** The slot as a French reader sees it in a zone: the day by Intl with "1er", the time as French writes it ("9 h 00"). */
const inFrench = (zone: string) => {
  const [hour, minute] = clock(zone);
  const day = formatDate(
    new Intl.DateTimeFormat('fr', { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }),
    start,
  );
  return `${day} à ${hour}\u00a0h\u00a0${String(minute).padStart(2, '0')}`;
};

describe('a French prospect’s demo mails (D37)', () => {
  it('closes every one with Cordialement and the team’s name (issue 56)', () => {
    const link = 'https://growmail.test/demo/booking?token=t';
    for (const mail of [bookedMail(demo, config, link), reminderMail(demo, link), cancelledMail(demo, config)]) {
      expect(mail.text).toMatch(/^Bonjour Mariam Traoré,\n/);
      expect(mail.text).toMatch(/\n\nCordialement,\nL’équipe Growmail\n$/);
    }
  });

  it('writes the reminder in French, the time in their zone, each zone named by its city (D43)', () => {
    const mail = reminderMail(demo, 'https://growmail.test/demo/booking?token=t');
    expect(inFrench('Africa/Douala')).toBe('mardi 1er décembre à 15\u00a0h\u00a030');
    expect(mail.subject).toBe('Demain\u202f: votre démo Growmail, mardi 1er décembre à 15\u00a0h\u00a030');
    expect(mail.text).toBe(
      [
        'Bonjour Mariam Traoré,',
        '',
        'Petit rappel de votre démo Growmail de 30 minutes.',
        '',
        'Quand\u202f: mardi 1er décembre à 15\u00a0h\u00a030 (heure de Douala)',
        `Pour notre équipe\u202f: ${inFrench('Africa/Lagos')} (heure de Lagos)`,
        'Avec\u202f: Ada Obi',
        '',
        'Pour la déplacer ou l’annuler\u202f: https://growmail.test/demo/booking?token=t',
        '',
        'Cordialement,',
        'L’équipe Growmail',
        '',
      ].join('\n'),
    );
  });

  it('puts a French SUMMARY and DESCRIPTION in the invitation and its cancellation', () => {
    for (const mail of [bookedMail(demo, config, 'https://x.test'), cancelledMail(demo, config)]) {
      const event = new ICAL.Component(ICAL.parse(mail.icalEvent!.content)).getFirstSubcomponent('vevent')!;
      expect(event.getFirstPropertyValue('summary')).toBe('Démo Growmail');
      expect(event.getFirstPropertyValue('description')).toBe('Démo Growmail de 30 minutes avec Ada Obi.');
    }
    expect(cancelledMail(demo, config).subject).toBe(
      'Annulée\u202f: votre démo Growmail, mardi 1er décembre à 15\u00a0h\u00a030',
    );
  });

  it('keeps an English prospect’s mails in English', () => {
    const mail = reminderMail({ ...demo, language: 'en' }, 'https://x.test');
    expect(mail.subject).toBe('Tomorrow: your Growmail demo, Tuesday 1 December, 15:30');
    expect(mail.text).toContain('When: Tuesday 1 December, 15:30 (Africa/Douala time)');
  });
});
