// No zod here: the demo picker's browser code imports this, and must not bring a schema library with it.
import type { Language } from './language.ts';

/**
 * How a slot's day and time read in a zone ("Monday 23 November", "09:00"): one spelling for
 * the server that writes the picker and the browser that relabels it in the visitor's zone.
 * `locale` is the page's (`fr` on French pages: "lundi 23 novembre", "9 h 00").
 */
export const slotDayFormat = (zone: string, locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone });

/**
 * A slot's time: "09:00" in English; in French "9 h 00", the hour without its leading zero and
 * a no-break space (U+00A0) on each side of the `h`, as French writes hours where `Intl` writes "09:00".
 */
export function slotTimeFormat(zone: string, locale = 'en-GB'): { format: (date: Date) => string } {
  const format = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  });
  if (!locale.startsWith('fr')) return format;
  return {
    format: (date) => {
      const part = (type: string) => format.formatToParts(date).find((one) => one.type === type)?.value ?? '';
      return `${Number(part('hour'))}\u00a0h\u00a0${part('minute')}`;
    },
  };
}

/** A day standing alone as a heading, capitalised in every language: "Lundi 23 novembre". */
export const dayHeading = (day: string): string => day.charAt(0).toLocaleUpperCase() + day.slice(1);

/**
 * Added to the time of a slot the visitor chose that someone took first, in the page's language
 * (D43). The picker carries it in its markup, so the browser's relabelling says it in the same words.
 */
export const slotTakenNotes: Record<Language, string> = { en: ' (just taken)', fr: ' (réservé entre-temps)' };
