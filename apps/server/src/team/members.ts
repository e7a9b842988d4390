import type { TeamRole } from '@growmail/contracts/team';
import type { Config } from '../config.ts';
import { auditActor, memberActor, type Actor } from '../lib/actor.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { TeamMember } from '../repositories/team.ts';
import type { NewPasskey } from './passkeys.ts';
import { openSession } from './sessions.ts';
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

/** What became of a change to a member: done, no such member, or refused as it would leave no admin. */
export type MemberChange = 'done' | 'missing' | 'last-admin';

/** Gives a member another role; their sessions end at once (D41). The last admin keeps theirs. */
export async function changeRole(
  data: DataAccess,
  memberId: string,
  role: TeamRole,
  actor: Actor,
): Promise<MemberChange> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    await team.lockAdmins();
    const member = await team.member(memberId);
    if (!member) return 'missing';
    if (member.role === role) return 'done';
    if (member.role === 'admin' && (await team.countAdmins()) === 1) return 'last-admin';
    await team.setRole(memberId, role);
    await team.endSessions(memberId);
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'member.role',
      recordType: 'member',
      recordId: memberId,
      detail: { from: member.role, to: role },
    });
    return 'done';
  });
}

/**
 * Removes a member: their sessions, passkeys and links go, their devices get no more alerts
 * (issue 54), and their leads go back to nobody. The last admin stays.
 */
export async function removeMember(data: DataAccess, memberId: string, actor: Actor): Promise<MemberChange> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    await team.lockAdmins();
    const member = await team.member(memberId);
    if (!member) return 'missing';
    if (member.role === 'admin' && (await team.countAdmins()) === 1) return 'last-admin';
    await data.leads.in(trx).unassignAll(memberId);
    const alertDevices = await data.alerts.in(trx).removeDevices(memberId);
    await team.removeMember(memberId);
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'member.removed',
      recordType: 'member',
      recordId: memberId,
      detail: { name: member.name, alertDevices },
    });
    return 'done';
  });
}

/**
 * Ends every session of a member and their pending mailed sign-in link, which a lost phone's
 * mailbox may hold: sign out everywhere (`signed-out-everywhere`), or an admin's sign-out
 * (`member.signed-out`). An open invitation stays: it is how a member who lost their only
 * passkey enrols again. How many sessions ended, or undefined when there is no such member.
 */
export async function signOutMember(
  data: DataAccess,
  memberId: string,
  actor: Actor,
  action: 'signed-out-everywhere' | 'member.signed-out',
): Promise<number | undefined> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    if (!(await team.member(memberId))) return undefined;
    const sessions = await team.endSessions(memberId);
    const links = await team.endLinks(memberId, 'sign-in');
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action,
      recordType: 'member',
      recordId: memberId,
      detail: { sessions, links },
    });
    return sessions;
  });
}

/**
 * Removes one of a member's own passkeys, never their last, so nobody locks themselves out:
 * the count and the removal are one transaction, with the member's row held, so two removals at
 * once cannot each leave the other's passkey as the last and both go. 'last' when it is their
 * last, 'missing' when they have none with this id.
 */
export async function removeOwnPasskey(
  data: DataAccess,
  passkeyId: string,
  actor: Actor & { memberId: string },
): Promise<'done' | 'missing' | 'last'> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    await team.lockMember(actor.memberId);
    if ((await team.otherPasskeys(actor.memberId, passkeyId)) === 0) return 'last';
    if (!(await team.removePasskey(actor.memberId, passkeyId))) return 'missing';
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'passkey.removed',
      recordType: 'member',
      recordId: actor.memberId,
    });
    return 'done';
  });
}

/**
 * An admin removes a member's passkey, say from a lost phone; it may be their last, and then an
 * invitation lets them enrol again. The member's sessions and sign-in link end with it, since
 * the lost device may hold either.
 */
export async function removeMemberPasskey(
  data: DataAccess,
  memberId: string,
  passkeyId: string,
  actor: Actor,
): Promise<boolean> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    const passkey = await team.passkey(passkeyId);
    if (passkey?.member_id !== memberId || !(await team.removePasskey(memberId, passkeyId))) return false;
    const sessions = await team.endSessions(memberId);
    await team.endLinks(memberId, 'sign-in');
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'member.passkey-removed',
      recordType: 'member',
      recordId: memberId,
      detail: { name: passkey.name, sessions },
    });
    return true;
  });
}

/**
 * Finishes an enrolment: takes the link (one DELETE, so of two requests with one link only one
 * gets it), keeps the checked passkey and opens a passkey session, audited, in one transaction.
 * The session's cookie value, or undefined when the link was not open or another request took it.
 */
export async function enrolWithLink(
  data: DataAccess,
  linkHash: string,
  passkey: NewPasskey,
  member: TeamMember,
): Promise<string | undefined> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const team = data.team.in(trx);
    if (!(await team.takeLink(linkHash, 'enrol', new Date()))) return undefined;
    await team.addPasskey(passkey);
    const token = await openSession({ team }, member.id, 'passkey');
    await data.audit.in(trx).record({
      ...auditActor(memberActor(member, 'passkey')),
      action: 'passkey.added',
      recordType: 'member',
      recordId: member.id,
      detail: { enrolled: true },
    });
    return token;
  });
}

/** Keeps a member's new passkey, added from their account page, with its audit row. */
export async function addOwnPasskey(data: DataAccess, passkey: NewPasskey, actor: Actor): Promise<void> {
  await data.db.kysely.transaction().execute(async (trx) => {
    await data.team.in(trx).addPasskey(passkey);
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'passkey.added',
      recordType: 'member',
      recordId: passkey.member_id,
      detail: { name: passkey.name },
    });
  });
}

/** Renames one of a member's own passkeys, with its audit row; false when they have none with this id. */
export async function renameOwnPasskey(
  data: DataAccess,
  passkeyId: string,
  name: string,
  actor: Actor & { memberId: string },
) {
  return data.db.kysely.transaction().execute(async (trx) => {
    if (!(await data.team.in(trx).renamePasskey(actor.memberId, passkeyId, name))) return false;
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'passkey.renamed',
      recordType: 'member',
      recordId: actor.memberId,
      detail: { name },
    });
    return true;
  });
}
