import type { Config } from '../config.ts';
import type { Repositories } from '../repositories/index.ts';
import { defaultZone } from './availability.ts';
import type { BookedDemo } from './messages.ts';

type DemoReads = Pick<Repositories['demos'], 'booking' | 'host' | 'hours'>;

/** A booking as its mails and events tell it: the host by name and address (the sales inbox when it has none), the team's zone. */
export async function bookedDemo(
  demos: DemoReads,
  config: Config,
  bookingId: string,
): Promise<BookedDemo & { leadId: string | null }> {
  const booking = await demos.booking(bookingId);
  if (!booking) throw new Error(`No booking ${bookingId}.`);
  const [host, hours] = await Promise.all([demos.host(booking.host_id), demos.hours()]);
  return {
    id: booking.id,
    leadId: booking.lead_id,
    start: new Date(booking.starts_at),
    end: new Date(booking.ends_at),
    sequence: booking.sequence,
    prospect: { name: booking.name, email: booking.email, zone: booking.zone },
    host: { name: host?.name ?? 'Growmail sales', email: host?.email ?? config.mail.salesInbox },
    teamZone: hours[0]?.zone ?? defaultZone,
    language: booking.language,
  };
}
