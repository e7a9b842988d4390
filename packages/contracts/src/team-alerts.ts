import * as z from 'zod/mini';
import type { LeadKind } from './form-names.ts';
import { leadFormNames } from './lead-labels.ts';
import { pushSubscriptionSchema } from './push.ts';
import { hasControlCharacters } from './rules.ts';

/**
 * A member's alerts (issue 54, D44): a web push notification on each device they turn alerts on,
 * when a lead arrives and when one is given to them. A lock screen is public, so an alert says
 * who and which form, and where the lead is in the console; never an address, a phone number or
 * a tracking id (a member's alert is not a marketing notification, and its click is not reported).
 */

/** Why a member is alerted: a new lead (sales and admins), or a lead given to them. */
export const alertReasons = ['new', 'assigned'] as const;
export type AlertReason = (typeof alertReasons)[number];

/** What the console's worker receives: the notification, and the lead it opens. */
export const memberAlertSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(120)),
  body: z.string().check(z.maxLength(200)),
  /** The lead's page in the console, a path: `/team/leads/<id>`. */
  url: z.string().check(z.regex(/^\/team\/leads\/[0-9a-f-]{36}$/)),
  /** One notification per lead: its assignment's alert replaces its arrival's. */
  tag: z.string().check(z.regex(/^lead-[0-9a-f-]{36}$/)),
});
export type MemberAlert = z.infer<typeof memberAlertSchema>;

const formNames = new Map<string, string>(leadFormNames);
const longest = 80;
const clipped = (text: string) => (text.length > longest ? `${text.slice(0, longest - 1)}…` : text);

/**
 * The alert for a lead: its person's name (or "Someone" when the form asks for none, as the
 * savings estimate does) and the form, in words. The name is cleaned of control characters and
 * shortened, since the post wrote it.
 */
export function memberAlert(reason: AlertReason, lead: { id: string; form: LeadKind; name: string }): MemberAlert {
  // Control characters (C0, DEL, C1) become spaces: a name is one line on a lock screen.
  const oneLine = [...lead.name].map((character) => (hasControlCharacters(character) ? ' ' : character)).join('');
  const name = clipped(oneLine.replace(/\s+/g, ' ').trim()) || 'Someone';
  const form = formNames.get(lead.form) ?? lead.form;
  return {
    title: reason === 'new' ? `New lead: ${name}` : `Assigned to you: ${name}`,
    body: reason === 'new' ? form : `${form}. It is yours to follow up.`,
    url: `/team/leads/${lead.id}`,
    tag: `lead-${lead.id}`,
  };
}

/** A device turning alerts on: its browser's subscription (on a known push service, D25). */
export const alertSubscriptionSchema = (hosts?: readonly string[]) =>
  z.object({ subscription: pushSubscriptionSchema(hosts) });

/**
 * A device turning alerts off: by its id, from the account page's list (a form, without script),
 * or by its endpoint, from the device itself (the switch, which knows its own subscription).
 */
export const alertRemovalSchema = z.union([
  z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/)) }),
  z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(2000)) }),
]);
