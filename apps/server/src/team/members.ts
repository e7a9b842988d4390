import type { TeamRole } from '@growmail/contracts/team';
import type { Config } from '../config.ts';
import { auditActor, type Actor } from '../lib/actor.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { TeamMember } from '../repositories/team.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * What the console and `npm run team` both do with members (D41): the same code, so the
 * commands work with the console switched off (D40).
 */

const hourMs = 3_600_000;
export const enrolLinkMs = 24 * hourMs;
export const signInLinkMs = 15 * 60_000;

/** Where a link opens: a page with one button, which signs in by POST (a mail scanner's GET changes nothing). */
export const enrolPath = '/team/enrol';
export const signInLinkPath = '/team/link';

const linkUrl = (config: Config, path: string, token: string) => `${config.urls.public}${path}?token=${token}`;

export type Invitation = { email: string; name: string; role: TeamRole; zone: string };

/**
 * Adds a member, or updates the one with this address, and makes their enrolment link: single
 * use, 24 hours, kept by its hash; inviting again replaces the open link. Returns the link,
 * which the command prints and the console only mails (D41).
 */
export async function inviteMember(
  data: DataAccess,
  config: Config,
  invitation: Invitation,
  actor: Actor,
): Promise<{ member: TeamMember; link: string }> {
  const token = newToken();
  const member = await data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    const before = await team.memberByEmail(invitation.email);
    const saved = await team.upsertMember({ ...invitation, email: invitation.email.toLowerCase() });
    await team.replaceLink(saved.id, 'enrol', hashToken(token), new Date(Date.now() + enrolLinkMs));
    if (before && before.role !== saved.role) await team.endSessions(saved.id);
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'member.invited',
      recordType: 'member',
      recordId: saved.id,
      detail: { role: saved.role, name: saved.name },
    });
    return saved;
  });
  return { member, link: linkUrl(config, enrolPath, token) };
}

/** The invitation mail: the link goes to the invited address only, never to the screen. */
export async function mailInvitation(data: DataAccess, member: TeamMember, link: string): Promise<void> {
  await data.mail.enqueue('team:invite', {
    to: member.email,
    subject: 'Your invitation to the Growmail team console',
    text: [
      `Hello ${member.name},`,
      '',
      'You have been invited to the Growmail team console. Open this link on the device you will',
      'use, then press the button to create a passkey. The link works once, for 24 hours.',
      '',
      link,
      '',
      'If you did not expect this, ignore this mail: nothing happens unless the button is pressed.',
    ].join('\n'),
  });
}

/**
 * A one-time sign-in link (15 minutes) mailed to a member's own address; nothing for an
 * address that is not a member's, and the page says the same either way (D41).
 */
export async function mailSignInLink(data: DataAccess, config: Config, email: string): Promise<void> {
  const member = await data.team.memberByEmail(email);
  if (!member) return;
  const token = newToken();
  await data.db.kysely.transaction().execute(async (trx) => {
    await data.team.in(trx).replaceLink(member.id, 'sign-in', hashToken(token), new Date(Date.now() + signInLinkMs));
    await data.mail.in(trx).enqueue('team:sign-in', {
      to: member.email,
      subject: 'Your sign-in link for the Growmail team console',
      text: [
        `Hello ${member.name},`,
        '',
        'Open this link, then press the button to sign in. It works once, for 15 minutes.',
        'A session opened this way can read and work leads and bookings; exports, erasure,',
        'invitations, roles and passkeys need a passkey.',
        '',
        linkUrl(config, signInLinkPath, token),
        '',
        'If you did not ask for it, ignore this mail.',
      ].join('\n'),
    });
  });
}

/** Gives a member another role; their sessions end at once (D41). */
export async function changeRole(data: DataAccess, memberId: string, role: TeamRole, actor: Actor): Promise<boolean> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    const member = await team.member(memberId);
    if (!member) return false;
    if (member.role === role) return true;
    await team.setRole(memberId, role);
    await team.endSessions(memberId);
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'member.role',
      recordType: 'member',
      recordId: memberId,
      detail: { from: member.role, to: role },
    });
    return true;
  });
}

/** Removes a member: their sessions, passkeys and links go, and their leads go back to nobody. */
export async function removeMember(data: DataAccess, memberId: string, actor: Actor): Promise<boolean> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const member = await data.team.in(trx).member(memberId);
    if (!member) return false;
    await data.leads.in(trx).unassignAll(memberId);
    await data.team.in(trx).removeMember(memberId);
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'member.removed',
      recordType: 'member',
      recordId: memberId,
      detail: { name: member.name },
    });
    return true;
  });
}
