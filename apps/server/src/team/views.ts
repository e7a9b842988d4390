import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import type { InboxRow, LeadStatus, TeamRole } from '@growmail/contracts/team';
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
};

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

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
  };
}

/** Every field a lead holds, as label and text, masked for a role that does not see contacts. */
export function leadFields(row: LeadRow, role: TeamRole): Array<[string, string]> {
  const fields = JSON.parse(row.metadata) as Record<string, unknown>;
  const shown = contactsFor(role);
  return Object.entries(fields)
    .filter(([name]) => name !== 'type')
    .map(([name, value]) => [name, shown.field(name, text(value))]);
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
