import {
  auditQuerySchema,
  invitationSchema,
  memberPasskeyParams,
  removalSchema,
  memberRoleSchema,
  passkeyParams,
  passkeyRenameSchema,
  recordParams,
  type TeamPage,
} from '@growmail/contracts/team';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import type { DataAccess } from '../repositories/index.ts';
import { endpointTag } from '@growmail/contracts/team-alert-device';
import { refusedForm } from './forms.ts';
import { noticeFor, noticeUrl, type NoticeKey } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage, sessionOf } from './pages.ts';
import {
  changeRole,
  inviteMember,
  mailInvitation,
  removeMember,
  removeMemberPasskey,
  removeOwnPasskey,
  renameOwnPasskey,
  signOutMember,
} from './members.ts';
import { auditLines } from './audit-lines.ts';
import { cursorOf, memberRows, readCursor } from './views.ts';

type AccountExtra = Pick<Extract<TeamPage, { view: 'account' }>, 'problem' | 'rename'>;
type MembersExtra = Pick<
  Extract<TeamPage, { view: 'members' }>,
  'problems' | 'values' | 'confirmRemoval' | 'confirmMemberRemoval'
>;

const memberNotChanged = (reply: FastifyReply, why: 'missing' | 'last-admin') =>
  why === 'missing'
    ? sendProblem(reply, 404, 'Not found', 'There is no member with this id.')
    : sendProblem(
        reply,
        409,
        'The last admin',
        'This is the team’s only admin. Make another member an admin first, so someone can still manage the team.',
      );

/** A member's own account, the team's members (admin) and the audit (admin), D41. */
export function memberRoutes(app: FastifyInstance, data: DataAccess) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function accountPage(request: FastifyRequest, extra: AccountExtra = {}) {
    const session = sessionOf(request);
    const [passkeys, sessions, devices] = await Promise.all([
      data.team.passkeys(session.id),
      data.team.sessions(session.id),
      data.alerts.devices(session.id),
    ]);
    return {
      view: 'account' as const,
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.created_at,
        lastUsedAt: passkey.last_used_at,
      })),
      sessions: sessions.map((row) => ({
        method: row.method,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
      })),
      alerts: {
        publicKey: app.config.vapid?.publicKey ?? null,
        devices: await Promise.all(
          devices.map(async (row) => ({
            id: row.id,
            device: row.device,
            createdAt: row.created_at,
            tag: await endpointTag(row.endpoint),
          })),
        ),
      },
      notice: noticeFor('account', request.query),
      ...extra,
    };
  }

  app.get('/account', async (request, reply) => sendTeamPage(reply, await accountPage(request)));

  routes.post(
    '/account/passkeys/:id/rename',
    { schema: { params: passkeyParams, body: passkeyRenameSchema }, attachValidation: true },
    async (request, reply) => {
      const noPasskey = () => sendProblem(reply, 404, 'Not found', 'You have no passkey with this id.');
      if (request.validationError?.validationContext === 'params') return noPasskey();
      const { id } = request.params;
      const form = refusedForm(request, ['name']);
      if (form) return sendTeamPage(reply, await accountPage(request, { rename: { id, ...form } }), 400);
      if (!(await renameOwnPasskey(data, id, request.body.name, actorOf(request)))) return noPasskey();
      return reply.redirect(noticeUrl('/team/account', 'account', 'renamed'), 303);
    },
  );

  routes.post('/account/passkeys/:id/remove', { schema: { params: passkeyParams } }, async (request, reply) => {
    const removed = await removeOwnPasskey(data, request.params.id, actorOf(request));
    if (removed !== 'done') {
      const problem = 'That passkey is your last one, or not yours: add another before removing it.';
      return sendTeamPage(reply, await accountPage(request, { problem }), 400);
    }
    return reply.redirect(noticeUrl('/team/account', 'account', 'removed'), 303);
  });

  async function membersPage(request: FastifyRequest, extra: MembersExtra = {}) {
    const [members, holdings] = await Promise.all([data.team.members(), data.team.holdings()]);
    return {
      view: 'members' as const,
      members: memberRows(members, sessionOf(request).role).map((row) => ({
        ...row,
        ...(holdings.get(row.id) ?? { passkeys: [], sessions: 0 }),
      })),
      notice: noticeFor('members', request.query),
      ...extra,
    };
  }
  const membersDone = (reply: FastifyReply, notice: NoticeKey<'members'>) =>
    reply.redirect(noticeUrl('/team/members', 'members', notice), 303);

  app.get('/members', async (request, reply) => sendTeamPage(reply, await membersPage(request)));

  // The link is mailed to the invited address only, never shown, so an admin cannot enrol as someone else (D41).
  routes.post('/members', { schema: { body: invitationSchema }, attachValidation: true }, async (request, reply) => {
    const form = refusedForm(request, ['email', 'name', 'role', 'zone']);
    if (form) return sendTeamPage(reply, await membersPage(request, form), 400);
    const { member, link } = await inviteMember(data, app.config, request.body, actorOf(request));
    await mailInvitation(data, member, link);
    return membersDone(reply, 'invited');
  });

  routes.post(
    '/members/:id/role',
    { schema: { params: recordParams, body: memberRoleSchema } },
    async (request, reply) => {
      const changed = await changeRole(data, request.params.id, request.body.role, actorOf(request));
      if (changed !== 'done') return memberNotChanged(reply, changed);
      return membersDone(reply, 'role-changed');
    },
  );

  // An admin ends a member's sessions and sign-in link, say for a lost phone; the member signs in again.
  routes.post('/members/:id/sign-out', { schema: { params: recordParams } }, async (request, reply) => {
    const ended = await signOutMember(data, request.params.id, actorOf(request), 'member.signed-out');
    if (ended === undefined) return memberNotChanged(reply, 'missing');
    return membersDone(reply, 'signed-out');
  });

  // A lost phone's passkey, removed by an admin with plain forms, so it works without script: the
  // first post shows what will happen, and only the confirming one removes it: nothing is removed in one tap.
  routes.post(
    '/members/:id/passkeys/:passkey/remove',
    { schema: { params: memberPasskeyParams, body: removalSchema } },
    async (request, reply) => {
      const [member, passkey] = await Promise.all([
        data.team.member(request.params.id),
        data.team.passkey(request.params.passkey),
      ]);
      if (!member || passkey?.member_id !== member.id) {
        return sendProblem(reply, 404, 'Not found', 'This member has no passkey with this id.');
      }
      if (request.body.confirm !== 'yes') {
        const confirmRemoval = {
          memberId: member.id,
          memberName: member.name,
          passkeyId: passkey.id,
          passkeyName: passkey.name,
        };
        return sendTeamPage(reply, await membersPage(request, { confirmRemoval }));
      }
      if (!(await removeMemberPasskey(data, member.id, passkey.id, actorOf(request)))) {
        return sendProblem(reply, 404, 'Not found', 'This member has no passkey with this id.');
      }
      return membersDone(reply, 'passkey-removed');
    },
  );

  // Removing a member is not undone by a tap either: the first post says what goes, the confirming one removes.
  routes.post(
    '/members/:id/remove',
    { schema: { params: recordParams, body: removalSchema } },
    async (request, reply) => {
      if (request.body.confirm !== 'yes') {
        const member = await data.team.member(request.params.id);
        if (!member) return memberNotChanged(reply, 'missing');
        // The team's only admin cannot go: say so now rather than after a confirmation.
        if (member.role === 'admin' && (await data.team.countAdmins()) === 1) {
          return memberNotChanged(reply, 'last-admin');
        }
        // A host stays when their member goes (their bookings name them): say so before, not after.
        const host = await data.demos.hostOfMember(member);
        const confirmMemberRemoval = {
          memberId: member.id,
          memberName: member.name,
          email: member.email,
          role: member.role,
          demoHost: host?.member_id === member.id && !host.removed_at,
        };
        return sendTeamPage(reply, await membersPage(request, { confirmMemberRemoval }));
      }
      const removed = await removeMember(data, request.params.id, actorOf(request));
      if (removed !== 'done') return memberNotChanged(reply, removed);
      return membersDone(reply, 'removed');
    },
  );

  routes.get('/audit', { schema: { querystring: auditQuerySchema } }, async (request, reply) => {
    const rows = await data.audit.list(101, readCursor(request.query.before));
    return sendTeamPage(reply, {
      view: 'audit',
      rows: await auditLines(data, rows.slice(0, 100), sessionOf(request).role),
      next: rows.length > 100 ? cursorOf({ created_at: rows[99]!.at, id: rows[99]!.id }) : undefined,
    });
  });
}
