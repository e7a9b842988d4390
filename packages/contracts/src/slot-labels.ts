// No zod here: the demo picker's browser code imports this, and must not bring a schema library with it.
import type { Language } from './language.ts';

/**
 * How a slot's day and time read in a zone ("Monday 23 November", "09:00"): one spelling for
 * the server that writes the picker and the browser that relabels it in the visitor's zone.
 * `locale` is the page's (`fr` on French pages: "lundi 23 novembre", "09:00").
 */
export const slotDayFormat = (zone: string, locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone });
export const slotTimeFormat = (zone: string, locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });

/**
 * Added to the time of a slot the visitor chose that someone took first, in the page's language
 * (D43). The picker carries it in its markup, so the browser's relabelling says it in the same words.
 */
export const slotTakenNotes: Record<Language, string> = { en: ' (just taken)', fr: ' (réservé entre-temps)' };
