import { leadFormNames } from '@growmail/contracts/lead-labels';
import type { AuditLine, SentencePart, TeamRole } from '@growmail/contracts/team';
import { contactsFor } from '../people/masking.ts';
import type { AuditRow } from '../repositories/audit.ts';
import type { DataAccess } from '../repositories/index.ts';
import { leadName } from '../submissions/lead-search.ts';

const formTitles = new Map<string, string>(leadFormNames);
const formNames = new Map<string, string>(leadFormNames.map(([kind, name]) => [kind, name.toLowerCase()]));
const roleNames: Record<string, string> = { viewer: 'a viewer', sales: 'sales', admin: 'an admin' };

/** The names the page's rows point at, read once for the page: leads, bookings, members and hosts by id. */
type Names = {
  leads: Map<string, { name: string; form: string }>;
  demos: Map<string, { name: string; leadId: string | null }>;
  members: Map<string, string>;
  hosts: Map<string, string>;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (n: unknown, one: string, many = `${one}s`) =>
  typeof n === 'number' ? `${n.toLocaleString('en')} ${n === 1 ? one : many}` : `some ${many}`;

const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : 'some entries');

/** One change as a sentence's parts, after who made it. */
function deed(row: AuditRow, detail: Record<string, unknown>, names: Names): SentencePart[] {
  const lead = (id: string): SentencePart => {
    const known = names.leads.get(id);
    if (!known) return 'a lead since erased';
    return { text: `${known.name}’s ${formNames.get(known.form) ?? known.form}`, href: `/team/leads/${id}` };
  };
  const demo = (id: string): SentencePart => {
    const known = names.demos.get(id);
    if (!known) return 'a demo';
    const words = `${known.name}’s demo`;
    return known.leadId ? { text: words, href: `/team/leads/${known.leadId}` } : words;
  };
  const member = (id: string) => names.members.get(id) ?? (text(detail.name) || 'a former member');
  const host = (id: unknown) =>
    typeof id === 'string' && id !== 'everyone' ? (names.hosts.get(id) ?? 'a former host') : 'everyone';
  const id = row.record_id;
  switch (row.action) {
    case 'lead.assigned':
      return detail.to === 'nobody'
        ? ['left ', lead(id), ' to nobody']
        : ['assigned ', lead(id), ` to ${text(detail.to) || 'a member'}`];
    case 'lead.handled':
      return ['marked ', lead(id), ' handled'];
    case 'lead.reopened':
      return ['reopened ', lead(id)];
    case 'lead.noted':
      return ['added a note to ', lead(id)];
    case 'lead.released':
      return [
        'released ',
        lead(id),
        detail.booking === 'booked' ? ' from the held posts, booking the time it asked for' : ' from the held posts',
      ];
    case 'held.deleted':
      return [`deleted a held post from the ${formTitles.get(text(detail.form)) ?? 'a'} form`];
    case 'leads.exported':
      return ['exported leads as a file'];
    case 'person.erased':
      return [`erased a person’s data on request: ${count(detail.rows_deleted, 'record')} deleted`];
    case 'demo.cancelled':
      return ['cancelled ', demo(id), detail.reason ? ', with a message to the prospect' : ''];
    case 'demo.moved':
      return [
        'moved ',
        demo(id),
        ' to ',
        { time: text(detail.to) },
        ...(detail.host ? [`, with ${host(detail.host)}`] : []),
      ];
    case 'demo.hours':
      return ['changed the demo hours'];
    case 'demo.blocked':
      return [
        `took time off for ${host(detail.host)}, from `,
        { time: text(detail.from) },
        ' to ',
        { time: text(detail.to) },
      ];
    case 'demo.unblocked':
      return ['removed time off'];
    case 'demo.host-saved':
      return [
        `saved ${text(detail.name) || 'a host'} as a demo host`,
        detail.member === 'the sales inbox' ? ', booking into the sales inbox' : '',
      ];
    case 'demo.host-removed':
      return [`removed ${host(id)} from the demo hosts`];
    case 'signed-in':
      return [row.method === 'link' ? 'signed in with a mailed link' : 'signed in with a passkey'];
    case 'signed-out':
      return ['signed out'];
    case 'signed-out-everywhere':
      return [`signed out everywhere, ending ${count(detail.sessions, 'session')}`];
    case 'member.signed-out':
      return [`signed ${member(id)} out everywhere, ending ${count(detail.sessions, 'session')}`];
    case 'sign-in.refused':
      return [`tried a passkey that was refused as ${member(id)}`];
    case 'member.invited':
      return [`invited ${text(detail.name) || member(id)} as ${roleNames[text(detail.role)] ?? 'a member'}`];
    case 'member.role':
      return [
        `changed ${member(id)}’s role from ${roleNames[text(detail.from)] ?? '?'} to ${roleNames[text(detail.to)] ?? '?'}`,
      ];
    case 'member.removed':
      return [`removed ${member(id)} from the team`];
    case 'member.passkey-removed':
      return [`removed ${member(id)}’s passkey “${text(detail.name)}”`];
    case 'passkey.added':
      return [detail.enrolled ? 'enrolled with a passkey' : `added a passkey, “${text(detail.name)}”`];
    case 'passkey.renamed':
      return [`renamed a passkey to “${text(detail.name)}”`];
    case 'passkey.removed':
      return ['removed one of their passkeys'];
    case 'alerts.on':
      return [`turned on alerts on ${text(detail.device) || 'a device'}`];
    case 'alerts.off':
      return ['turned off alerts on a device'];
    case 'content.draft-saved':
      return [{ text: `saved a draft of ${id}`, href: `/team/site/${id}` }];
    case 'content.draft-taken-over':
      return [
        { text: `took over ${text(detail.from) || 'another editor'}’s draft of ${id}`, href: `/team/site/${id}` },
      ];
    case 'content.draft-restored':
      return [{ text: `restored an earlier version of ${id} as a draft`, href: `/team/site/${id}` }];
    case 'content.undone':
      return [`undid ${text(detail.by) || 'an editor'}’s publish of ${list(detail.entries)}`];
    case 'content.undo-committed':
      return [`reverted the undone publish of ${list(detail.entries)} on the content branch`];
    case 'content.undo-not-committed':
      return [`could not revert the undone publish of ${list(detail.entries)} on the content branch`];
    case 'content.publish-requested':
      return [`asked to publish ${list(detail.entries)}`];
    case 'content.preview-requested':
      return [`asked for a preview of ${list(detail.entries)}`];
    case 'content.previewed':
      return [`built a preview of ${list(detail.entries)} for ${text(detail.by) || 'an editor'}`];
    case 'content.preview-refused':
      return [`could not build a preview of ${list(detail.entries)} for ${text(detail.by) || 'an editor'}`];
    case 'content.published':
      return [`published ${list(detail.entries)} for ${text(detail.by) || 'an editor'}`];
    case 'content.publish-refused':
      return [
        `refused to publish ${list(detail.entries)} for ${text(detail.by) || 'an editor'}: ${count(detail.problems, 'problem')}`,
      ];
    default:
      // A change this list does not know yet still says what and where, rather than nothing.
      return [`made a change (${row.action}) to a ${row.record_type}`];
  }
}

const how: Record<string, string> = { link: 'signed in by a mailed link', command: 'at the command line' };

/** Who made a change, to start a sentence: a member's name, or the command run at a terminal. */
const whoOf = (row: AuditRow) =>
  row.method === 'command'
    ? `The command ${row.member_name}`
    : `${row.member_name.charAt(0).toUpperCase()}${row.member_name.slice(1)}`;

const detailOf = (row: AuditRow) => JSON.parse(row.detail || '{}') as Record<string, unknown>;

/**
 * The audit's rows as sentences with names (issue 54): "Chioma assigned Ada Obi's demo request
 * to Wanjiru". The names are read for the whole page at once, and a person's name is masked for
 * a role that sees contacts masked (D41); times are left for the page to show in the member's zone.
 */
export async function auditLines(data: DataAccess, rows: AuditRow[], role: TeamRole): Promise<AuditLine[]> {
  const ids = (type: string) => [
    ...new Set(rows.filter((row) => row.record_type === type).map((row) => row.record_id)),
  ];
  const hostIds = rows.flatMap((row) => {
    if (row.action === 'demo.host-removed') return [row.record_id];
    const { host } = row.action.startsWith('demo.') ? detailOf(row) : {};
    return typeof host === 'string' ? [host] : [];
  });
  const [leads, demos, members, hosts] = await Promise.all([
    data.leads.named(ids('lead')),
    data.demos.named(ids('demo')),
    data.team.members(),
    data.demos.hostsNamed([...new Set(hostIds)]),
  ]);
  const shown = contactsFor(role);
  const names: Names = {
    leads: new Map(
      leads.map((lead) => [
        lead.id,
        {
          name: shown.text(leadName(JSON.parse(lead.metadata) as Record<string, unknown>)) || shown.address(lead.email),
          form: lead.type,
        },
      ]),
    ),
    demos: new Map(demos.map((booking) => [booking.id, { name: shown.text(booking.name), leadId: booking.lead_id }])),
    members: new Map(members.map((member) => [member.id, member.name])),
    hosts: new Map(hosts.map((host) => [host.id, host.name])),
  };
  return rows.map((row) => ({
    at: row.at,
    sentence: [`${whoOf(row)} `, ...deed(row, detailOf(row), names)].filter((part) => part !== ''),
    how: how[row.method],
  }));
}
