import type { Repositories } from '../repositories/index.ts';
import { findRecords } from './records.ts';

/** What the export says about the tables it lists no rows from, so it never pretends. */
const notes = {
  push_actions:
    'A notification click is stored with the tracking id of the notification, which everyone it went to shares, and no contact: none can be tied to a person.',
  submissions:
    'Only a sha256 fingerprint of each recent form submission and the answer it got, kept ten minutes to collapse repeats (the hourly housekeeping deletes it after): no address.',
  mentioned_in:
    'Rows of other people that name this address in what they typed. They are not shown, being someone else’s; erase replaces the address in them with [erased].',
};

const parse = (text: string): unknown => JSON.parse(text);

/**
 * Everything stored about an address, for `npm run people -- export`: the contact with its
 * lists and consent records and push subscriptions, leads, quarantined submissions, mail
 * queued or sent, webhook events and demo bookings, each with its JSON text parsed.
 */
export async function exportPerson(
  data: Pick<Repositories, 'people' | 'suppressions' | 'leads' | 'audit'>,
  email: string,
) {
  const records = await findRecords(data.people, email);
  const leadIds = records.leads.map((lead) => lead.id);
  const [leadNotes, audit] = await Promise.all([data.leads.notesOn(leadIds), data.audit.forRecords('lead', leadIds)]);
  return {
    email: records.address,
    exported_at: new Date().toISOString(),
    /** On the suppression list: erased before, and not opted in again since. */
    suppressed: await data.suppressions.has(records.address),
    contacts: records.contacts.map(({ attributes, ...contact }) => ({
      ...contact,
      attributes: parse(attributes),
      lists: records.memberships
        .filter((membership) => membership.contact_id === contact.id)
        .map((membership) => ({
          list_id: membership.list_id,
          list_name: membership.list_name,
          status: membership.status,
          tags: parse(membership.tags),
          subscribed_at: membership.subscribed_at,
          unsubscribed_at: membership.unsubscribed_at,
          consent: {
            requested_at: membership.consent_requested_at,
            page: membership.consent_page,
            wording: membership.consent_wording,
            confirmed_at: membership.confirmed_at,
          },
          confirmation_sent_at: membership.confirmation_sent_at,
        })),
      push_subscriptions: records.pushSubscriptions
        .filter((subscription) => subscription.contact_id === contact.id)
        .map(({ contact_id: _contact, ...subscription }) => subscription),
    })),
    leads: records.leads.map(({ metadata, ...lead }) => ({ ...lead, metadata: parse(metadata) })),
    quarantine: records.quarantine.map(({ fields, reasons, ...held }) => ({
      ...held,
      fields: parse(fields),
      reasons: parse(reasons),
    })),
    mail: records.outbox.map(({ message, ...mail }) => ({ ...mail, message: parse(message) })),
    webhook_events: records.webhookEvents.map(({ payload, ...event }) => ({ ...event, payload: parse(payload) })),
    demo_bookings: records.demoBookings,
    /** What the team console holds on their leads (D41): its notes, and the audit of each change. */
    lead_notes: leadNotes,
    audit: audit.map(({ detail, ...row }) => ({ ...row, detail: parse(detail) })),
    mentioned_in: records.mentions.map(({ table, id }) => ({ table, id })),
    notes,
  };
}
