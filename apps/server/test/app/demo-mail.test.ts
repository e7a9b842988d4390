import ICAL from 'ical.js';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { useMailingApp } from '@growmail/test-support/app';
import { partOf } from '@growmail/test-support/smtp';
import { cancelBooking, queueReminders } from '../../src/demos/change-booking.ts';
import { dataAccess } from '../../src/repositories/index.ts';

/** The invitation's event, read by ical.js, a maintained iCalendar parser other than the one that wrote it. */
function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { calendar, event };
}

describe('a booked demo, from the page to the prospect’s mail (D32)', () => {
  const mailing = useMailingApp();

  const book = async (email: string, zone: string) => {
    const page = parse((await mailing.app.inject('/demo')).body);
    const slot = page.querySelector('[data-demo-slot-days] input[name="slot"]')!.getAttribute('value')!;
    const response = await mailing.app.inject({
      method: 'POST',
      url: '/demo',
      payload: new URLSearchParams({
        form_name: 'demo',
        firstname: 'Wanjiru',
        lastname: 'Kamau',
        company_name: 'Duka Ltd',
        email,
        phone_number: '+254 712 345678',
        subscribers: '0:100K',
        zone,
        slot,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(303);
    const booking = (await mailing.app.demos.upcoming(new Date())).find((row) => row.email === email)!;
    return { slot, booking };
  };
  const mailTo = async (address: string, subject: RegExp) => {
    await expect
      .poll(() => mailing.smtp.received.find((mail) => mail.to.includes(address) && subject.test(mail.raw)), {
        timeout: 5000,
      })
      .toBeTruthy();
    return mailing.smtp.received.find((mail) => mail.to.includes(address) && subject.test(mail.raw))!;
  };

  it('mails the prospect the time in their zone and the team’s, with an RFC 5545 invitation', async () => {
    const { slot, booking } = await book('wanjiru@duka.test', 'Africa/Nairobi');
    const mail = await mailTo('wanjiru@duka.test', /Subject: Your Growmail demo/);
    const text = partOf(mail, 'text/plain');
    const start = new Date(slot);
    const at = (zone: string) =>
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(
        start,
      );
    expect(text).toContain(`${at('Africa/Nairobi')} (Africa/Nairobi time)`);
    expect(text).toContain(`For our team: `);
    expect(text).toMatch(/To move or cancel it: http\S+\/demo\/booking\?token=[0-9a-f-]{36}\.[\w-]{43}\n/);
    expect(text).toContain(`${at('Africa/Lagos')} (Africa/Lagos time)`);

    const ics = partOf(mail, 'text/calendar');
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const { calendar, event } = eventOf(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.uid).toBe(`demo-${booking.id}@growmail.test`);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().toISOString()).toBe(slot);
    expect(event.endDate.toJSDate().getTime() - start.getTime()).toBe(30 * 60_000);
    // The URI scheme is case-insensitive (RFC 3986); ics writes MAILTO.
    expect(String(event.organizer).toLowerCase()).toBe('mailto:sales@growmail.test');
    expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual([
      'mailto:wanjiru@duka.test',
    ]);
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('sends sales the lead with the booking, and the team’s tools a signed demo.booked with its source', async () => {
    const { slot, booking } = await book('sales-copy@duka.test', 'Europe/London');
    const sales = await mailTo('sales@growmail.test', /sales-copy@duka\.test/);
    expect(partOf(sales, 'text/plain')).toContain(`demo_start: ${slot}`);
    await expect
      .poll(
        () =>
          mailing.receiver.accepted.find(
            (event) => event.type === 'demo.booked' && event.data.booking_id === booking.id,
          ),
        {
          timeout: 5000,
        },
      )
      .toBeTruthy();
    const event = mailing.receiver.accepted.find(
      (item) => item.type === 'demo.booked' && item.data.booking_id === booking.id,
    )!;
    expect(event.data).toMatchObject({ email: 'sales-copy@duka.test', starts_at: slot, zone: 'Europe/London' });
    // Its lead's source (D42): the demo page's own form, with no counted visit behind it here,
    // and no first landing (issue 40): a native post without script has none.
    expect(event.data.source).toEqual({ channel: 'site', form_page: '/demo', visit: null, first_touch: null });
    expect(mailing.receiver.unverified).toEqual([]);
  });

  it('sends a cancellation with the same UID and METHOD:CANCEL, and a signed demo.cancelled', async () => {
    const { booking } = await book('cancel@duka.test', 'Africa/Lagos');
    expect(
      await cancelBooking(dataAccess(mailing.app.db), mailing.app.config, booking.id, new Date(), 'prospect'),
    ).toBe(true);
    expect(
      await cancelBooking(dataAccess(mailing.app.db), mailing.app.config, booking.id, new Date(), 'prospect'),
    ).toBe(false);
    mailing.app.outbox.nudge();
    mailing.app.deliverWebhooks();
    const mail = await mailTo('cancel@duka.test', /Subject: Cancelled: your Growmail demo/);
    const { calendar, event } = eventOf(partOf(mail, 'text/calendar'));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.uid).toBe(`demo-${booking.id}@growmail.test`);
    expect(event.sequence).toBe(1);
    await expect
      .poll(() =>
        mailing.receiver.accepted.some((item) => item.type === 'demo.cancelled' && item.data.booking_id === booking.id),
      )
      .toBe(true);
  });

  it('queues the reminder a day before once, however many servers look at once', async () => {
    const { booking } = await book('remind@duka.test', 'Africa/Nairobi');
    // The demo was booked more than a day ahead of a moment a day before it.
    const dayBefore = new Date(Date.parse(booking.starts_at) - 23 * 3_600_000);
    await mailing.app.db.kysely
      .updateTable('demo_bookings')
      .set({ updated_at: new Date(Date.parse(booking.starts_at) - 3 * 86_400_000).toISOString() })
      .where('id', '=', booking.id)
      .execute();
    const rounds = await Promise.all(
      Array.from({ length: 5 }, () => queueReminders(dataAccess(mailing.app.db), mailing.app.config, dayBefore)),
    );
    const queuedForThis = await mailing.app.db.kysely
      .selectFrom('outbox')
      .select('id')
      .where('topic', '=', 'demo:reminder')
      .where('message', 'like', '%remind@duka.test%')
      .execute();
    expect(queuedForThis).toHaveLength(1);
    expect(rounds.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await queueReminders(dataAccess(mailing.app.db), mailing.app.config, dayBefore)).toBe(0);
    mailing.app.outbox.nudge();
    const mail = await mailTo('remind@duka.test', /Subject: Tomorrow: your Growmail demo/);
    expect(partOf(mail, 'text/plain')).toContain('(Africa/Nairobi time)');
  });
});
