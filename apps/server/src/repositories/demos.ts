import type { Language } from '@growmail/contracts/language';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DemoBookingStatus } from '../db/schema.ts';
import { addToTotals, countedBookings } from './lead-totals.ts';
import { inTransaction, repository, type Executor } from './repository.ts';

/** What a new booking holds; its id, status and times of writing are the repository's. */
export type NewBooking = {
  hostId: string;
  start: Date;
  end: Date;
  leadId: string | null;
  email: string;
  name: string;
  zone: string;
  /** The language of the page it was booked from (D37); English when absent. */
  language?: Language;
};

/**
 * Runs a change to the availability and counts its version up in the same transaction, when
 * `changed` says it changed anything: in the caller's transaction, or in one of its own. The
 * version row is locked until the transaction ends, so versions count up in commit order and a
 * server that reads a version sees every change counted before it.
 */
async function changing<T>(db: Executor, write: (trx: Executor) => Promise<T>, changed: (result: T) => boolean) {
  const run = async (trx: Executor) => {
    const result = await write(trx);
    if (changed(result))
      await trx
        .updateTable('demo_availability_version')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', 1)
        .execute();
    return result;
  };
  return inTransaction(db, run);
}

const always = () => true;

/**
 * Availability and bookings of demos (D32). A slot is taken by `take`, one insert that the
 * live-slot unique index lets through once per host and start; no read decides it. Every
 * write that changes what is on offer counts the availability's version up (`changing`).
 */
const demoQueries = (db: Executor) => ({
  /** The availability's version: it counts up with every change to hours, hosts, blocks and bookings. */
  async availabilityVersion(): Promise<number> {
    const row = await db
      .selectFrom('demo_availability_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.version);
  },

  /** The hosts taking demos, in the order slots are given to them, with the member each one is. */
  hosts() {
    return db
      .selectFrom('demo_hosts')
      .select(['id', 'name', 'email', 'member_id'])
      .where('removed_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** A host by id, removed or not: who a booking names. */
  host(id: string) {
    return db.selectFrom('demo_hosts').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
  },

  /**
   * The host a member would be, removed or not: the one linked to them, else one with their
   * address that no member is linked to yet.
   */
  hostOfMember(member: { id: string; email: string }) {
    return db
      .selectFrom('demo_hosts')
      .select(['id', 'name', 'email', 'member_id', 'removed_at'])
      .where((eb) =>
        eb.or([
          eb('member_id', '=', member.id),
          eb.and([eb('member_id', 'is', null), eb(eb.fn<string>('lower', ['email']), '=', member.email)]),
        ]),
      )
      .orderBy((eb) => eb.case().when('member_id', 'is', null).then(1).else(0).end())
      .orderBy((eb) => eb.case().when('removed_at', 'is', null).then(0).else(1).end())
      .orderBy('created_at')
      .executeTakeFirst();
  },

  /** The sales inbox as a host (no address), removed or not, the live one first. */
  inboxHost() {
    return db
      .selectFrom('demo_hosts')
      .select(['id', 'name', 'removed_at'])
      .where('email', 'is', null)
      .orderBy((eb) => eb.case().when('removed_at', 'is', null).then(0).else(1).end())
      .orderBy('created_at')
      .executeTakeFirst();
  },

  /** Every host id ever used, removed hosts' too: a new host's id must be none of them. */
  async hostIds(): Promise<Set<string>> {
    return new Set((await db.selectFrom('demo_hosts').select('id').execute()).map((row) => row.id));
  },

  /**
   * Adds a host, or renames, readdresses or brings back one with the same id. It is linked to
   * `memberId`, or, when that is not given, to the member with its address whom no other host
   * is linked to (so a host added by `npm run demos` is its member too).
   */
  async saveHost(host: { id: string; name: string; email: string | null; memberId?: string | null }): Promise<void> {
    await changing(
      db,
      async (trx) => {
        const memberId =
          host.memberId !== undefined
            ? host.memberId
            : host.email
              ? await unlinkedMember(trx, host.id, host.email)
              : null;
        const row = { name: host.name, email: host.email, member_id: memberId ?? null };
        await trx
          .insertInto('demo_hosts')
          .values({ id: host.id, ...row, created_at: new Date().toISOString() })
          .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...row, removed_at: null }))
          .execute();
      },
      always,
    );
  },

  /**
   * Removes a host in one statement that finds no live booking of theirs still to come, so a
   * booking taken meanwhile is never left without its host. Their past bookings keep the row.
   */
  async removeHost(id: string, now: Date): Promise<'removed' | 'missing' | 'booked'> {
    const removed = await changing(db, (trx) => removeHostRow(trx, id, now), Boolean);
    if (removed) return 'removed';
    const host = await db
      .selectFrom('demo_hosts')
      .select('id')
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return host ? 'booked' : 'missing';
  },

  hours() {
    return db.selectFrom('demo_hours').selectAll().orderBy('weekday').orderBy('starts').execute();
  },

  /** Replaces the whole week's hours: every span in one zone. */
  async replaceHours(zone: string, spans: readonly { weekday: number; starts: string; ends: string }[]): Promise<void> {
    await changing(
      db,
      async (trx) => {
        await trx.deleteFrom('demo_hours').execute();
        if (spans.length > 0)
          await trx
            .insertInto('demo_hours')
            .values(spans.map((span) => ({ ...span, zone })))
            .execute();
      },
      always,
    );
  },

  blocks(after: Date) {
    return db
      .selectFrom('demo_blocks')
      .selectAll()
      .where('ends_at', '>', after.toISOString())
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
  },

  async addBlock(block: { hostId: string | null; start: Date; end: Date; reason: string | null }): Promise<string> {
    const id = randomUUID();
    await changing(
      db,
      (trx) =>
        trx
          .insertInto('demo_blocks')
          .values({
            id,
            host_id: block.hostId,
            starts_at: block.start.toISOString(),
            ends_at: block.end.toISOString(),
            reason: block.reason,
            created_at: new Date().toISOString(),
          })
          .execute(),
      always,
    );
    return id;
  },

  async removeBlock(id: string): Promise<boolean> {
    return changing(
      db,
      async (trx) => {
        const result = await trx.deleteFrom('demo_blocks').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) === 1;
      },
      Boolean,
    );
  },

  /** Live bookings that end after `after`, earliest first. */
  upcoming(after: Date) {
    return db
      .selectFrom('demo_bookings')
      .selectAll()
      .where('status', '=', 'booked')
      .where('ends_at', '>', after.toISOString())
      .orderBy('starts_at')
      .orderBy('host_id')
      .execute();
  },

  /** `upcoming`, with each booking's lead's fields (JSON text), for the agenda's company and phone. */
  agenda(after: Date) {
    return db
      .selectFrom('demo_bookings')
      .leftJoin('leads', 'leads.id', 'demo_bookings.lead_id')
      .selectAll('demo_bookings')
      .select('leads.metadata as lead_fields')
      .where('demo_bookings.status', '=', 'booked')
      .where('demo_bookings.ends_at', '>', after.toISOString())
      .orderBy('demo_bookings.starts_at')
      .orderBy('demo_bookings.host_id')
      .execute();
  },

  /** The open booking of an address (lower-cased): live and still to come. */
  openBookingOf(address: string, now: Date) {
    return db
      .selectFrom('demo_bookings')
      .selectAll()
      .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', address))
      .where('status', '=', 'booked')
      .where('starts_at', '>', now.toISOString())
      .orderBy('starts_at')
      .executeTakeFirst();
  },

  /**
   * Holds a key until the transaction ends, so that requests about one address, or from one
   * client, take turns across servers (PostgreSQL only; SQLite runs one transaction at a time).
   */
  async hold(key: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
  },

  /** How many slot requests a client (its keyed hash) made after `since`, and when the first of them was. */
  async requestsSince(client: string, since: Date): Promise<{ count: number; first: string | null }> {
    const row = await db
      .selectFrom('demo_booking_requests')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('first')])
      .where('client', '=', client)
      .where('created_at', '>', since.toISOString())
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), first: row?.first ?? null };
  },

  /** Counts a client's slot request; housekeeping forgets it after a day (`removeRequestsBefore`). */
  async addRequest(client: string, now: Date): Promise<void> {
    await db
      .insertInto('demo_booking_requests')
      .values({ id: randomUUID(), client, created_at: now.toISOString() })
      .execute();
  },

  /** Deletes at most `limit` slot requests made before `before`, oldest first; how many. */
  async removeRequestsBefore(before: Date, limit: number): Promise<number> {
    const batch = db
      .selectFrom('demo_booking_requests')
      .select('id')
      .where('created_at', '<', before.toISOString())
      .orderBy('created_at')
      .limit(limit);
    const result = await db.deleteFrom('demo_booking_requests').where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** The booking a demo request's lead made, if it made one. */
  bookingOfLead(leadId: string) {
    return db.selectFrom('demo_bookings').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
  },

  booking(id: string) {
    return db.selectFrom('demo_bookings').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Some bookings' prospects and their leads, by id, for the audit's sentences. */
  named(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('demo_bookings').select(['id', 'name', 'lead_id']).where('id', 'in', ids).execute();
  },

  /** Some hosts by id, removed or not, for the audit's sentences. */
  hostsNamed(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('demo_hosts').select(['id', 'name']).where('id', 'in', ids).execute();
  },

  /**
   * Takes a host's slot: the booking's id, or undefined when a live booking already holds it.
   * ON CONFLICT on the partial index waits for a rival's transaction and yields to it if it
   * commits, so of any number of servers inserting at once exactly one gets the row.
   */
  async take(booking: NewBooking): Promise<string | undefined> {
    const now = new Date().toISOString();
    const row = await changing(
      db,
      async (trx) => {
        const taken = await insertBooking(trx, booking, now);
        if (taken) await addToTotals(trx, await countedBookings(trx, [taken.id]));
        return taken;
      },
      Boolean,
    );
    return row?.id;
  },

  /**
   * Moves a live booking to another host's slot in one statement, so the old slot is freed
   * exactly when the new one is taken; the caller catches the unique violation when the new
   * slot is held. False when the booking is not live.
   */
  async move(id: string, to: { hostId: string; start: Date; end: Date }): Promise<boolean> {
    return changing(
      db,
      async (trx) => {
        const result = await trx
          .updateTable('demo_bookings')
          .set((eb) => ({
            host_id: to.hostId,
            starts_at: to.start.toISOString(),
            ends_at: to.end.toISOString(),
            sequence: eb('sequence', '+', 1),
            reminder_queued_at: null,
            updated_at: new Date().toISOString(),
          }))
          .where('id', '=', id)
          .where('status', '=', 'booked')
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      },
      Boolean,
    );
  },

  /**
   * Cancels a live booking that has not started, taking it out of the Marketing page's totals;
   * false when it is cancelled, past or unknown.
   */
  async cancel(id: string, now: Date): Promise<boolean> {
    return changing(
      db,
      async (trx) => {
        const counted = await countedBookings(trx, [id]);
        const result = await trx
          .updateTable('demo_bookings')
          .set((eb) => ({
            status: 'cancelled' as DemoBookingStatus,
            sequence: eb('sequence', '+', 1),
            updated_at: now.toISOString(),
          }))
          .where('id', '=', id)
          .where('status', '=', 'booked')
          .where('starts_at', '>', now.toISOString())
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await addToTotals(trx, counted, -1);
        return true;
      },
      Boolean,
    );
  },

  /** Live bookings starting before `before` whose reminder is not queued yet. */
  dueForReminder(now: Date, before: Date) {
    return db
      .selectFrom('demo_bookings')
      .selectAll()
      .where('status', '=', 'booked')
      .where('reminder_queued_at', 'is', null)
      .where('starts_at', '>', now.toISOString())
      .where('starts_at', '<=', before.toISOString())
      .orderBy('starts_at')
      .execute();
  },

  /** Marks a booking's reminder queued; true only for the one caller whose update set it. */
  async claimReminder(id: string, startsAt: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('demo_bookings')
      .set({ reminder_queued_at: now.toISOString() })
      .where('id', '=', id)
      .where('starts_at', '=', startsAt)
      .where('status', '=', 'booked')
      .where('reminder_queued_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
});

/** The member with this address whom no host but `hostId` is linked to, if there is one. */
async function unlinkedMember(db: Executor, hostId: string, email: string): Promise<string | undefined> {
  const member = await db
    .selectFrom('team_members')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('demo_hosts')
            .select('demo_hosts.id')
            .whereRef('demo_hosts.member_id', '=', 'team_members.id')
            .where('demo_hosts.id', '<>', hostId),
        ),
      ),
    )
    .executeTakeFirst();
  return member?.id;
}

/** Marks a host removed unless a live booking of theirs is still to come; true when it did. */
async function removeHostRow(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('demo_hosts')
    .set({ removed_at: now.toISOString() })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('demo_bookings')
            .select('id')
            .where('host_id', '=', id)
            .where('status', '=', 'booked')
            .where('ends_at', '>', now.toISOString()),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Inserts a booking unless a live one holds its host's slot: its id, or undefined. */
function insertBooking(db: Executor, booking: NewBooking, now: string) {
  return db
    .insertInto('demo_bookings')
    .values({
      id: randomUUID(),
      host_id: booking.hostId,
      starts_at: booking.start.toISOString(),
      ends_at: booking.end.toISOString(),
      lead_id: booking.leadId,
      email: booking.email,
      name: booking.name,
      zone: booking.zone,
      language: booking.language ?? 'en',
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['host_id', 'starts_at']).where('status', '=', sql.lit('booked')).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
}

export const demosRepository = repository(demoQueries);
