import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import { leadFieldLabels, leadOptionLabels, serviceLabels } from '@growmail/contracts/lead-labels';
import {
  inboxFilters,
  type InboxFilters,
  type InboxPageQuery,
  type InboxRow,
  type InboxView,
  type LeadEvent,
  type LeadFieldText,
  type LeadReach,
  type LeadStatus,
  type TeamRole,
} from '@growmail/contracts/team';
import { may } from '@growmail/contracts/team-access';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { contactsFor } from '../people/masking.ts';
import { leadCompany, leadName } from '../submissions/lead-search.ts';
import type { KeysetCursor } from '../repositories/repository.ts';
import type { TeamMember } from '../repositories/team.ts';

/** A lead's row as the repository reads it. */
export type LeadRow = {
  id: string;
  type: string;
  email: string;
  language: Language;
  status: LeadStatus;
  assignee_id: string | null;
  created_at: string;
  metadata: string;
  source_name: string | null;
  /** Read on a lead's page (`find` reads every column); the inbox leaves them out. */
  source_medium?: string | null;
  source_campaign?: string | null;
  entry_path?: string | null;
  form_page?: string | null;
};

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

/** The longest preview a row shows: a line on a laptop, two on a phone. */
const previewLength = 120;

const oneLine = (value: string) => {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > previewLength ? `${line.slice(0, previewLength - 1)}…` : line;
};

/** What a person wants, in a line: their subject and message, or what they chose on the form. */
function previewOf(fields: Record<string, unknown>): string {
  const words = new Map(fieldsInWords(fields).map((field) => [field.label, field.value]));
  const said = (name: keyof typeof leadFieldLabels) => words.get(leadFieldLabels[name]);
  const message = [said('subject'), said('body')].filter(Boolean).join(': ');
  if (message) return oneLine(message as string);
  const services = said('services');
  if (Array.isArray(services) && services.length > 0) return oneLine(services.join(', '));
  const size = said('subscribers') ?? said('user_count');
  return typeof size === 'string' ? oneLine(`${leadFieldLabels.subscribers}: ${size}`) : '';
}

/** A lead for the inbox: a role that does not see contacts sees them masked, in its text too (D41). */
export function inboxRow(row: LeadRow, role: TeamRole, members: Map<string, string>): InboxRow {
  const fields = JSON.parse(row.metadata) as Record<string, unknown>;
  const shown = contactsFor(role);
  return {
    id: row.id,
    form: row.type as LeadKind,
    email: shown.address(row.email),
    name: shown.text(leadName(fields)),
    company: shown.text(leadCompany(fields)),
    language: row.language,
    status: row.status,
    assignee: row.assignee_id ? (members.get(row.assignee_id) ?? 'a former member') : null,
    source: row.source_name === null ? null : shown.text(row.source_name),
    receivedAt: row.created_at,
    preview: shown.text(previewOf(fields)),
    demoAt: typeof fields.demo_start === 'string' ? fields.demo_start : undefined,
  };
}

/** Fields the lead's page shows elsewhere: the address and phone as links, the demo time in both zones. */
const shownApart = new Set(['type', 'email', 'phone_number', 'demo_start', 'demo_zone']);
const counts = new Intl.NumberFormat('en-GB');
const dollars = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const labelOf = (name: string) =>
  (leadFieldLabels as Record<string, string>)[name] ??
  `${name.charAt(0).toUpperCase()}${name.slice(1).replace(/_/g, ' ')}`;

/** A field's value in words: an option's label for its code, the services chosen as a list, amounts as amounts. */
function valueInWords(name: string, value: unknown): string | string[] {
  if (name === 'services' && typeof value === 'object' && value !== null)
    return Object.entries(value)
      .filter(([, chosen]) => chosen === true)
      .map(([service]) => serviceLabels.get(service) ?? service);
  if (typeof value === 'number') return name === 'contact_count' ? counts.format(value) : dollars.format(value);
  const code = text(value);
  return leadOptionLabels[name]?.get(code) ?? code;
}

function fieldsInWords(fields: Record<string, unknown>): LeadFieldText[] {
  return Object.entries(fields)
    .filter(([name]) => !shownApart.has(name))
    .map(([name, value]) => ({ label: labelOf(name), value: valueInWords(name, value) }));
}

/**
 * What a held post sent, in the form's words, its phone number among them (a held post has no
 * one-tap links), masked for a role that does not see contacts.
 */
export function heldFields(fields: Record<string, unknown>, role: TeamRole): LeadFieldText[] {
  const shown = contactsFor(role);
  const phone = typeof fields.phone_number === 'string' && fields.phone_number ? fields.phone_number : undefined;
  const words = fieldsInWords(fields).map(({ label, value }) => ({
    label,
    value: Array.isArray(value) ? value.map(shown.text) : shown.text(value),
  }));
  return phone ? [{ label: leadFieldLabels.phone_number, value: shown.field('phone_number', phone) }, ...words] : words;
}

/** Every field a lead holds in the form's words, masked for a role that does not see contacts. */
export function leadFields(row: LeadRow, role: TeamRole): LeadFieldText[] {
  const shown = contactsFor(role);
  return fieldsInWords(JSON.parse(row.metadata) as Record<string, unknown>).map(({ label, value }) => ({
    label,
    value: Array.isArray(value) ? value.map(shown.text) : shown.text(value),
  }));
}

/**
 * One tap to reach them: `mailto:`, `tel:`, and WhatsApp for a mobile number (libphonenumber's
 * type, which knows the markets' mobile ranges). A number stored as typed, which libphonenumber
 * could not read, is a `tel:` of its digits. A role that sees contacts masked gets no link (D41).
 */
export function reachOf(row: LeadRow, role: TeamRole): LeadReach {
  const shown = contactsFor(role);
  const fields = JSON.parse(row.metadata) as Record<string, unknown>;
  const sees = may(role, 'contacts.see');
  const email = { text: shown.address(row.email), href: sees ? `mailto:${row.email}` : undefined };
  if (typeof fields.phone_number !== 'string' || !fields.phone_number) return { email };
  const typed = fields.phone_number;
  if (!sees) return { email, phone: { text: shown.field('phone_number', typed) } };
  const parsed = parsePhoneNumberFromString(typed);
  const number = parsed?.isValid() ? parsed : undefined;
  const type = number?.getType();
  const mobile = type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  return {
    email,
    phone: {
      text: number ? number.formatInternational() : typed,
      href: `tel:${number ? number.number : typed.replace(/[^\d+]/g, '')}`,
      whatsapp: number && mobile ? `https://wa.me/${number.number.slice(1)}` : undefined,
    },
  };
}

/** The demo time a lead asked for, and the zone it was asked in. */
export const askedOf = (row: LeadRow) => askedIn(JSON.parse(row.metadata) as Record<string, unknown>);

/** The demo time a form's fields asked for, and the zone it was asked in. */
export function askedIn(fields: Record<string, unknown>): { start: string; zone: string } | undefined {
  return typeof fields.demo_start === 'string' && typeof fields.demo_zone === 'string'
    ? { start: fields.demo_start, zone: fields.demo_zone }
    : undefined;
}

/** Where a lead came from (issue 40), the parts known; masked as free text for a role that sees contacts masked. */
export function originOf(row: LeadRow, role: TeamRole): Array<[string, string]> {
  const shown = contactsFor(role);
  return (
    [
      ['Campaign', row.source_campaign],
      ['Source', row.source_name],
      ['Medium', row.source_medium],
      ['Landing page', row.entry_path],
      ['Form page', row.form_page],
    ] as const
  ).flatMap(([label, value]) => (value ? [[label, shown.text(value)] as [string, string]] : []));
}

/** What an audit action on a lead says, after who did it. */
function deed(action: string, detail: Record<string, unknown>): string | undefined {
  if (action === 'lead.assigned')
    return detail.to === 'nobody' ? 'left it to nobody' : `assigned it to ${text(detail.to) || 'a member'}`;
  if (action === 'lead.handled') return 'marked it handled';
  if (action === 'lead.reopened') return 'reopened it';
  if (action === 'lead.released') return 'released it from the held posts';
  // A note is told once, with its text, from the notes themselves.
  if (action === 'lead.noted') return undefined;
  return action;
}

/**
 * A lead's history as sentences, oldest first: its notes with their text, and each other change
 * once. A note's text is masked for a role that sees contacts masked.
 */
export function eventsOf(
  role: TeamRole,
  notes: Array<{ created_at: string; member_name: string; text: string }>,
  history: Array<{ at: string; member_name: string; method: string; action: string; detail: string }>,
): LeadEvent[] {
  const shown = contactsFor(role);
  const changes = history.flatMap((row) => {
    const did = deed(row.action, JSON.parse(row.detail || '{}') as Record<string, unknown>);
    if (!did) return [];
    return [{ at: row.at, who: row.member_name, did: row.method === 'link' ? `${did} (signed in by link)` : did }];
  });
  const noted = notes.map((note) => ({
    at: note.created_at,
    who: note.member_name,
    did: 'noted',
    note: shown.text(note.text),
  }));
  return [...changes, ...noted].sort((a, b) => a.at.localeCompare(b.at));
}

/** Midnight today in a zone, as an ISO instant: where the "New today" view starts. */
export function startOfToday(now: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const elapsed = ((parts.hour! * 60 + parts.minute!) * 60 + parts.second!) * 1000 + now.getUTCMilliseconds();
  return new Date(now.getTime() - elapsed).toISOString();
}

/** What a view asks of the inbox, before the filters narrow it; `memberId` is the member's, for "mine". */
export function viewFilters(view: InboxView, memberId: string, today: string): InboxFilters {
  if (view === 'new-today') return { status: 'new', from: today };
  if (view === 'unassigned') return { status: 'new', assignee: 'nobody' };
  if (view === 'mine') return { status: 'new', assignee: memberId };
  if (view === 'handled') return { status: 'handled' };
  return {};
}

/**
 * What the inbox and its export read for a view and its filters: a filter narrows the view, and
 * wins where both name a field; `mine` is the member; `to` includes its whole day.
 */
export function selectedLeads(
  query: InboxPageQuery,
  view: InboxView | undefined,
  member: { id: string; zone: string },
): InboxFilters {
  const filters = inboxFilters(query);
  const applied = {
    ...(view ? viewFilters(view, member.id, startOfToday(new Date(), member.zone)) : {}),
    ...filters,
    ...(filters.assignee === 'mine' ? { assignee: member.id } : {}),
  };
  if (filters.to) applied.to = nextDay(filters.to);
  return applied;
}

export const memberNames = (members: TeamMember[]) => new Map(members.map((member) => [member.id, member.name]));

export const memberRows = (members: TeamMember[], role: TeamRole) =>
  members.map((member) => ({
    id: member.id,
    name: member.name,
    email: contactsFor(role).address(member.email),
    role: member.role,
    zone: member.zone,
  }));

/** The keyset cursor of the row a page ends on, as opaque text for a URL or a field. */
export const cursorOf = (row: { created_at: string; id: string }) =>
  Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');

export function readCursor(cursor: string | undefined): KeysetCursor | undefined {
  if (!cursor) return undefined;
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || rest.length > 0 || Number.isNaN(Date.parse(createdAt))) return undefined;
  return { createdAt, id };
}

/** The day after a date, so a range "to" a day includes all of it. */
export const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
