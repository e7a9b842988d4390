import { noSlot } from '@growmail/contracts/demo-booking';
import { intlLocales } from '@growmail/contracts/catalogues';
import { formatDate } from '@growmail/contracts/dates';
import type { Language } from '@growmail/contracts/language';
import { slotDayFormat, slotTimeFormat } from '@growmail/contracts/slot-labels';

/** A slot as the visitor reads it, with its day: "Monday 23 November, 09:00", "lundi 23 novembre à 9 h 00". */
export function describeSlot(start: Date, zone: string, language: Language = 'en'): string {
  const locale = intlLocales[language];
  const day = formatDate(slotDayFormat(zone, locale), start);
  const time = slotTimeFormat(zone, locale).format(start);
  return language === 'fr' ? `${day} à ${time}` : `${day}, ${time}`;
}

/** The slot value a visitor chose, when it names a time (not "none"). */
export const chosenStart = (value: string | undefined): Date | undefined =>
  value && value !== noSlot && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;
