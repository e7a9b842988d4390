import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serversOnEachDatabase } from '@growmail/test-support/servers';
import { partOf, startSmtp } from '@growmail/test-support/smtp';
import { startWebhookReceiver, webhookSecret } from '@growmail/test-support/webhook-receiver';
import { parseDemosArgs, runDemos } from '../../src/cli/demos.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { linkSecret, manageBookingLink } from '../../src/demos/links.ts';
import { dataAccess } from '../../src/repositories/index.ts';

const env = {
  SALES_INBOX: 'sales@growmail.test',
  MAIL_FROM: 'site@growmail.test',
  WEBHOOK_SECRET: webhookSecret,
  RATE_LIMIT_PER_MINUTE: '1000',
};
const quick = { outbox: { pollMs: 50 }, webhooks: { pollMs: 50, retryBaseMs: 20 } };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const halfHour = 30 * 60_000;

/** Three servers on one database, and the connection `npm run demos` would open. */
const stores = await serversOnEachDatabase(3, 'demo_servers', quick);

describe.each(stores)('a demo handled by three servers on $name (D32)', ({ create }) => {
  let servers: FastifyInstance[];
  let cli: Db;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let settings: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtp();
    receiver = await startWebhookReceiver();
    settings = { ...env, SMTP_URL: smtp.url, WEBHOOK_URL: receiver.url };
    ({ servers, cli, drop } = await create(settings));
    await Promise.all(servers.map((server) => server.ready()));
  }, 30_000);
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.close()));
    await drop?.();
    await smtp?.close();
    await receiver?.close();
  });

  const server = (n: number) => servers[n % 3]!;
  const mailsTo = (address: string, subject: string) =>
    smtp.received.filter((mail) => mail.to.includes(address) && mail.raw.includes(`Subject: ${subject}`));
  /** Waits until no mail is left to send, then runs one more round on every server. */
  const outboxDrained = async () => {
    await expect
      .poll(
        async () =>
          (await server(0).db.kysely.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute()).length,
        { timeout: 10_000 },
      )
      .toBe(0);
    await Promise.all(servers.map((one) => one.outbox.flush()));
  };
  const eventFor = (type: string, id: string) =>
    receiver.accepted.filter((event) => event.type === type && event.data.booking_id === id);

  const openSlots = (html: string) =>
    parse(html)
      .querySelectorAll('[data-demo-slot-days] input[name="slot"]:not([disabled])')
      .map((input) => input.getAttribute('value')!);

  /** Books the first open slot on /demo through one server; returns the slot, booking and its signed link. */
  async function book(on: number, email: string) {
    const slot = openSlots((await server(on).inject('/demo')).body)[0]!;
    const response = await server(on).inject({
      method: 'POST',
      url: '/demo',
      payload: form({
        form_name: 'demo',
        firstname: 'Amina',
        lastname: 'Njoroge',
        company_name: 'Soko Ltd',
        email,
        phone_number: '+254 712 345678',
        subscribers: '0:100K',
        zone: 'Africa/Nairobi',
        slot,
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(303);
    const booking = (await server(on).demos.upcoming(new Date())).find((row) => row.email === email)!;
    const link = new URL(
      manageBookingLink(server(on).config, await linkSecret(server(on), server(on).config), booking.id),
    );
    return { slot, booking, token: link.searchParams.get('token')! };
  }

  it('sends each reminder once when all three run their rounds at once', async () => {
    // Four demos within the next day, booked three days ago: each is due its reminder now.
    const now = Date.now();
    const firstStart = Math.ceil((now + 2 * 3_600_000) / halfHour) * halfHour;
    const emails = [0, 1, 2, 3].map((n) => `remind${n}@soko.test`);
    // Each is written with its old update time in one transaction: a round reading it between
    // the two would rightly take it for a late booking, which gets no reminder.
    for (const [n, email] of emails.entries()) {
      const start = new Date(firstStart + n * 5 * 3_600_000);
      await server(0)
        .db.kysely.transaction()
        .execute(async (trx) => {
          const id = await dataAccess(server(0).db)
            .demos.in(trx)
            .take({
              hostId: 'sales',
              start,
              end: new Date(start.getTime() + halfHour),
              leadId: null,
              email,
              name: `Amina ${n}`,
              zone: 'Africa/Nairobi',
            });
          await trx
            .updateTable('demo_bookings')
            .set({ updated_at: new Date(now - 3 * 86_400_000).toISOString() })
            .where('id', '=', id!)
            .execute();
        });
    }
    await Promise.all(servers.map((one) => one.demoReminders()));
    await Promise.all(servers.map((one) => one.demoReminders()));

    const queued = await server(1)
      .db.kysely.selectFrom('outbox')
      .select('message')
      .where('topic', '=', 'demo:reminder')
      .execute();
    expect(queued.map((row) => (JSON.parse(row.message) as { to: string }).to).sort()).toEqual(emails);
    await outboxDrained();
    for (const email of emails) expect(mailsTo(email, 'Tomorrow: your Growmail demo')).toHaveLength(1);
  });

  it('delivers a signed demo.rescheduled and the moved invitation when another server moves the demo', async () => {
    const { slot, booking, token } = await book(0, 'move@soko.test');
    const later = openSlots((await server(1).inject('/demo')).body).find((open) => open !== slot)!;
    const response = await server(1).inject({
      method: 'POST',
      url: '/demo/booking',
      payload: form({ token, action: 'reschedule', zone: 'Africa/Nairobi', slot: later }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(303);
    expect((await server(2).demos.booking(booking.id))?.starts_at).toBe(later);

    await expect.poll(() => eventFor('demo.rescheduled', booking.id).length, { timeout: 10_000 }).toBe(1);
    expect(eventFor('demo.rescheduled', booking.id)[0]!.data).toMatchObject({
      email: 'move@soko.test',
      starts_at: later,
      zone: 'Africa/Nairobi',
    });
    expect(eventFor('demo.booked', booking.id)).toHaveLength(1);
    expect(receiver.unverified).toEqual([]);

    await outboxDrained();
    const moved = mailsTo('move@soko.test', 'Moved: your Growmail demo');
    expect(moved).toHaveLength(1);
    const calendar = new ICAL.Component(ICAL.parse(partOf(moved[0]!, 'text/calendar')));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.uid).toBe(`demo-${booking.id}@growmail.test`);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(later);
  });

  it('sends what `npm run demos -- cancel` queued from its own connection, with nothing nudging the servers', async () => {
    const { booking } = await book(2, 'cli-cancel@soko.test');
    const output = await runDemos(
      parseDemosArgs(['cancel', booking.id]),
      dataAccess(cli),
      // The command reads the same environment as the servers, webhook settings included.
      loadConfig({ LOG_LEVEL: 'silent', SITE_ENV: 'testing', ...settings }),
      new Date(),
    );
    expect(output).toBe(`Cancelled ${booking.id}.\n`);
    await expect.poll(() => eventFor('demo.cancelled', booking.id).length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => mailsTo('cli-cancel@soko.test', 'Cancelled: your Growmail demo').length, { timeout: 10_000 })
      .toBe(1);
    expect(receiver.unverified).toEqual([]);
    expect((await server(0).demos.upcoming(new Date())).map((row) => row.id)).not.toContain(booking.id);
  });
});
