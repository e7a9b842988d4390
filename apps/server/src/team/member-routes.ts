import { invitationSchema, passkeyNameSchema, teamRoles, type TeamPage } from '@growmail/contracts/team';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import type { DataAccess } from '../repositories/index.ts';
import { actorOf, sendProblem, sendTeamPage } from './pages.ts';
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
import { cursorOf, memberRows, readCursor } from './views.ts';

const signedIn = { team: { role: 'viewer' as const } };
const signedInWithPasskey = { team: { role: 'viewer' as const, passkey: true } };
const admin = { team: { role: 'admin' as const } };
const adminWithPasskey = { team: { role: 'admin' as const, passkey: true } };

const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,1400}$/));
const idParams = z.object({ id });
const memberPasskeyParams = z.object({ id, passkey: id });

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
  const notices: Record<string, string> = {
    added: 'Passkey added.',
    renamed: 'Passkey renamed.',
    removed: 'Passkey removed.',
    invited: 'Invitation sent. The link went to their address only.',
    role: 'Role changed; their sessions have ended.',
    gone: 'Member removed; their sessions have ended.',
    ended: 'Their sessions and any sign-in link have ended.',
    passkey: 'Passkey removed; their sessions and any sign-in link have ended.',
  };
  const noticeOf = (query: unknown) => {
    const key = Object.keys(notices).find((name) => (query as Record<string, unknown>)[name] === '1');
    return key ? notices[key] : undefined;
  };

  async function accountPage(request: Parameters<typeof actorOf>[0], problem?: string) {
    const session = request.teamSession!;
    const [passkeys, sessions] = await Promise.all([data.team.passkeys(session.id), data.team.sessions(session.id)]);
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
      notice: noticeOf(request.query),
      problem,
    };
  }

  app.get('/account', { config: signedIn }, async (request, reply) => sendTeamPage(reply, await accountPage(request)));

  app.post('/account/passkeys/:id/rename', { config: signedInWithPasskey }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const name = passkeyNameSchema.safeParse((request.body as Record<string, unknown> | undefined)?.name);
    if (!name.success) return sendTeamPage(reply, await accountPage(request, name.error.issues[0]?.message), 400);
    if (!params.success || !(await renameOwnPasskey(data, params.data.id, name.data, actorOf(request)))) {
      return sendProblem(reply, 404, 'Not found', 'You have no passkey with this id.');
    }
    return reply.redirect('/team/account?renamed=1', 303);
  });

  app.post('/account/passkeys/:id/remove', { config: signedInWithPasskey }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const removed = params.success ? await removeOwnPasskey(data, params.data.id, actorOf(request)) : 'missing';
    if (removed !== 'done') {
      return sendTeamPage(
        reply,
        await accountPage(request, 'That passkey is your last one, or not yours: add another before removing it.'),
        400,
      );
    }
    return reply.redirect('/team/account?removed=1', 303);
  });

  async function membersPage(
    request: Parameters<typeof actorOf>[0],
    extra: Pick<Extract<TeamPage, { view: 'members' }>, 'problems' | 'values' | 'confirmRemoval'> = {},
  ) {
    const [members, holdings] = await Promise.all([data.team.members(), data.team.holdings()]);
    return {
      view: 'members' as const,
      members: memberRows(members, request.teamSession!.role).map((row) => ({
        ...row,
        ...(holdings.get(row.id) ?? { passkeys: [], sessions: 0 }),
      })),
      notice: noticeOf(request.query),
      ...extra,
    };
  }

  app.get('/members', { config: admin }, async (request, reply) => sendTeamPage(reply, await membersPage(request)));

  // The link is mailed to the invited address only, never shown, so an admin cannot enrol as someone else (D41).
  app.post('/members', { config: adminWithPasskey }, async (request, reply) => {
    const parsed = invitationSchema.safeParse(request.body);
    if (!parsed.success) {
      const problems = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      const body = (request.body ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(
        ['email', 'name', 'role', 'zone'].map((field) => [field, String(body[field] ?? '').slice(0, 200)]),
      );
      return sendTeamPage(reply, await membersPage(request, { problems, values }), 400);
    }
    const { member, link } = await inviteMember(data, app.config, parsed.data, actorOf(request));
    await mailInvitation(data, member, link);
    return reply.redirect('/team/members?invited=1', 303);
  });

  app.post('/members/:id/role', { config: adminWithPasskey }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const role = z.object({ role: z.enum(teamRoles) }).safeParse(request.body);
    if (!params.success || !role.success) return sendProblem(reply, 400, 'Not understood', 'Choose one of the roles.');
    const changed = await changeRole(data, params.data.id, role.data.role, actorOf(request));
    if (changed !== 'done') return memberNotChanged(reply, changed);
    return reply.redirect('/team/members?role=1', 303);
  });

  // An admin ends a member's sessions and sign-in link, say for a lost phone; the member signs in again.
  app.post('/members/:id/sign-out', { config: adminWithPasskey }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const ended = params.success
      ? await signOutMember(data, params.data.id, actorOf(request), 'member.signed-out')
      : undefined;
    if (ended === undefined) return sendProblem(reply, 404, 'Not found', 'There is no member with this id.');
    return reply.redirect('/team/members?ended=1', 303);
  });

  // A lost phone's passkey, removed by an admin with plain forms, so it works without script: the
  // first post shows what will happen, and only the confirming one removes it: nothing is removed in one tap.
  app.post('/members/:id/passkeys/:passkey/remove', { config: adminWithPasskey }, async (request, reply) => {
    const params = memberPasskeyParams.safeParse(request.params);
    const confirmed = (request.body as Record<string, unknown> | undefined)?.confirm === 'yes';
    const [member, passkey] = params.success
      ? await Promise.all([data.team.member(params.data.id), data.team.passkey(params.data.passkey)])
      : [];
    if (!member || passkey?.member_id !== member.id) {
      return sendProblem(reply, 404, 'Not found', 'This member has no passkey with this id.');
    }
    if (!confirmed) {
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
    return reply.redirect('/team/members?passkey=1', 303);
  });

  app.post('/members/:id/remove', { config: adminWithPasskey }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const removed = params.success ? await removeMember(data, params.data.id, actorOf(request)) : 'missing';
    if (removed !== 'done') return memberNotChanged(reply, removed);
    return reply.redirect('/team/members?gone=1', 303);
  });

  app.get('/audit', { config: admin }, async (request, reply) => {
    const before = (request.query as Record<string, unknown>).before;
    const rows = await data.audit.list(101, typeof before === 'string' ? readCursor(before) : undefined);
    return sendTeamPage(reply, {
      view: 'audit',
      rows: rows.slice(0, 100).map((row) => ({
        at: row.at,
        who: row.member_name,
        method: row.method,
        action: row.action,
        record: `${row.record_type} ${row.record_id}`,
        detail: row.detail === '{}' ? '' : row.detail,
      })),
      next: rows.length > 100 ? cursorOf({ created_at: rows[99]!.at, id: rows[99]!.id }) : undefined,
    });
  });
}
