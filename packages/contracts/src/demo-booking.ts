import * as z from 'zod/mini';
import { demoRequestSchema } from './forms.ts';
import type { Language } from './language.ts';

/**
 * Booking a demo slot with the demo request (D32): the fields the demo form adds, what the
 * visitor is told, and the booking part of the request body. The server decides which slots
 * are open; these only say what a well-formed choice looks like.
 */
export const bookingFields = {
  /** A radio per open slot, its value the slot's start as an ISO instant; or `none`. */
  slot: 'slot',
  /** The IANA zone the times are shown in. */
  zone: 'zone',
  /** The button that shows the times in the chosen zone without sending the request. */
  showTimes: 'show_times',
} as const;

/** The slot value of "None of these times work for me": the request is sent as before. */
export const noSlot = 'none';

/** The zone times are shown in when the visitor has not chosen one: the team's own (D32). */
export const defaultBookingZone = 'Africa/Lagos';

/**
 * The zone a demo page offers first when the visitor has chosen none (D32, D43): the team's on
 * English pages; Abidjan's on French ones, since most of the CFA franc countries of West Africa
 * keep GMT, Abidjan's time, all year.
 */
export const firstBookingZone: Record<Language, string> = { en: defaultBookingZone, fr: 'Africa/Abidjan' };

export const bookingMessages = {
  slotRequired: 'Choose a time, or "None of these times work for me".',
  slotUnknown: 'That time is not on offer. Please choose one of the times shown.',
  slotGone: 'Sorry, someone has just booked that time. Please choose another.',
  zoneInvalid: 'Choose a time zone from the list.',
  noTimes: 'No times are open in the next two weeks. Send your request and we will write to you.',
  timesUnavailable: 'The times cannot be shown just now. Send your request and we will write to you.',
  tooManyToday:
    'No more demos can be booked from this connection today. Choose "None of these times work for me" and we will write to you to find a time.',
} as const;

/** A slot's start as the server writes it: `2026-11-23T08:00:00.000Z`. */
export const slotPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/;

/** The booking part of a demo request: a slot on offer, and the zone the visitor reads times in. */
export const bookingSchema = z.object({
  slot: z.string().check(z.regex(slotPattern, bookingMessages.slotUnknown)),
  zone: z.string().check(z.minLength(1, bookingMessages.zoneInvalid), z.maxLength(64, bookingMessages.zoneInvalid)),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * A demo request as the server takes it: the form's fields and, optionally, a slot to book with
 * them; none, and the request is sent as before. It lives here, not beside the form's schema,
 * so the pages whose forms never book (the contact form on home) load none of it.
 */
export const demoBookingRequestSchema = z.extend(demoRequestSchema, { booking: z.optional(bookingSchema) });

/** The zones of the French-speaking countries of West and Central Africa, together (D43). */
const francophoneZones: readonly string[] = [
  'Africa/Abidjan',
  'Africa/Dakar',
  'Africa/Bamako',
  'Africa/Ouagadougou',
  'Africa/Niamey',
  'Africa/Lome',
  'Africa/Porto-Novo',
  'Africa/Douala',
  'Africa/Libreville',
  'Africa/Ndjamena',
  'Africa/Kinshasa',
];

/**
 * The zones the demo form's select offers, by where prospects are: Africa first, the
 * French-speaking countries together, then the rest of the world west to east. A posted zone
 * not listed here, such as a browser's own, is added to the select when the page comes back.
 */
export const bookingZones: readonly string[] = [
  'Africa/Lagos',
  'Africa/Accra',
  ...francophoneZones,
  'Africa/Casablanca',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Africa/Kigali',
  'Africa/Kampala',
  'Africa/Nairobi',
  'Africa/Addis_Ababa',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Toronto',
  'America/Sao_Paulo',
  'UTC',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Istanbul',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
];

/**
 * The zones a demo page in `language` offers: its first zone, then the others in their order;
 * on French pages the French-speaking countries come first, Abidjan's leading.
 */
export const bookingZonesFor = (language: Language): string[] => {
  const first = language === 'fr' ? francophoneZones : [firstBookingZone[language]];
  return [...first, ...bookingZones.filter((zone) => !first.includes(zone))];
};
