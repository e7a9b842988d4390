import type { Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { normaliseEmail } from '@growmail/contracts/rules';
import { jsonColumns, type PeopleRepository, type PeopleTable } from '../repositories/people.ts';
import { addressPattern, jsonNeedle, names } from './address-match.ts';

type Row<T extends keyof Database> = Selectable<Database[T]>;

/** Another person's row that mentions the address in what was typed, with its JSON parsed. */
export type Mention = { table: PeopleTable; id: string; value: unknown };

/** Everything stored about one address: the rows that are theirs, and other people's rows that mention it. */
export type PersonRecords = {
  address: string;
  contacts: Row<'contacts'>[];
  memberships: (Row<'list_memberships'> & { list_name: string })[];
  pushSubscriptions: Row<'push_subscriptions'>[];
  leads: Row<'leads'>[];
  quarantine: Row<'quarantine'>[];
  outbox: Row<'outbox'>[];
  webhookEvents: Row<'webhook_events'>[];
  demoBookings: Row<'demo_bookings'>[];
  mentions: Mention[];
  /** The pattern that finds the address in text, for rewriting the mentions. */
  pattern: RegExp;
};

const sameAddress = (address: string, value: unknown) => typeof value === 'string' && normaliseEmail(value) === address;

/**
 * Reads every row about `email`. A row is theirs when its own address is theirs: a contact's
 * or a lead's email, a mail's recipient or Reply-To, an event's `data.email`. Push actions
 * and submission fingerprints are not read: neither can name anyone (see the export's notes).
 */
export async function findRecords(people: Omit<PeopleRepository, 'in'>, email: string): Promise<PersonRecords> {
  const address = normaliseEmail(email);
  const needle = jsonNeedle(address);
  const pattern = addressPattern(address);
  const mentions: Mention[] = [];

  /** Splits candidate rows into theirs and mentions; a candidate that is neither (a longer address) is left out. */
  function sort<T extends { id: string }>(
    table: PeopleTable,
    rows: T[],
    isTheirs: (row: T, value: unknown) => boolean,
  ) {
    return rows.filter((row) => {
      const value: unknown = JSON.parse((row as Record<string, unknown>)[jsonColumns[table]] as string);
      if (isTheirs(row, value)) return true;
      if (names(value, pattern)) mentions.push({ table, id: row.id, value });
      return false;
    });
  }

  const contacts = sort('contacts', await people.contacts(address, needle), (row) => row.email === address);
  const contactIds = contacts.map((contact) => contact.id);
  return {
    address,
    contacts,
    memberships: await people.memberships(contactIds),
    pushSubscriptions: await people.pushSubscriptions(contactIds),
    leads: sort('leads', await people.leads(address, needle), (row) => sameAddress(address, row.email)),
    quarantine: sort('quarantine', await people.quarantine(address, needle), (row) => sameAddress(address, row.email)),
    outbox: sort('outbox', await people.outbox(address, needle), (row, message) => {
      const { to, replyTo } = message as { to?: unknown; replyTo?: unknown };
      return row.topic === `ack:${address}` || sameAddress(address, to) || sameAddress(address, replyTo);
    }),
    webhookEvents: sort('webhook_events', await people.webhookEvents(needle), (_row, payload) =>
      sameAddress(address, (payload as { data?: { email?: unknown } }).data?.email),
    ),
    demoBookings: await people.demoBookings(address),
    mentions,
    pattern,
  };
}
