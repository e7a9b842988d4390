import { DateTime } from 'luxon';
import type { Repositories } from '../repositories/index.ts';
import { csvText, printable, textTable } from '../lib/report-text.ts';

type Booking = Awaited<ReturnType<Repositories['demos']['upcoming']>>[number];

/** `table` for a person at a terminal; `csv` for a spreadsheet, escaped like the leads export. */
export type BookingFormat = 'table' | 'csv';

/**
 * Upcoming bookings, earliest first: in a table the time is in the team's zone (the hours'
 * zone) and the prospect's; in CSV it is the UTC instant, for a spreadsheet to read.
 */
export function formatBookings(bookings: readonly Booking[], teamZone: string, format: BookingFormat): string {
  if (format === 'csv') {
    const columns = ['id', 'starts_at', 'ends_at', 'host', 'name', 'email', 'zone', 'lead_id', 'created_at'] as const;
    const rows = bookings.map((booking) => [
      booking.id,
      booking.starts_at,
      booking.ends_at,
      booking.host_id,
      booking.name,
      booking.email,
      booking.zone,
      booking.lead_id ?? '',
      booking.created_at,
    ]);
    return csvText([columns, ...rows]);
  }
  if (bookings.length === 0) return 'No upcoming demos.\n';
  const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('ccc d LLL HH:mm');
  const rows = bookings.map((booking) =>
    [
      at(booking.starts_at, teamZone),
      booking.host_id,
      booking.name,
      booking.email,
      `${at(booking.starts_at, booking.zone)} ${booking.zone}`,
      booking.id,
    ].map(printable),
  );
  const header = [`starts (${teamZone})`, 'host', 'name', 'email', 'their time', 'id'];
  return `${textTable(header, rows)}${bookings.length} demo${bookings.length === 1 ? '' : 's'}\n`;
}
