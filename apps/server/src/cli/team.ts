import { invitationSchema, isTeamRole, teamRoles } from '@growmail/contracts/team';
import { commandActor } from '../lib/actor.ts';
import { changeRole, inviteMember, removeMember } from '../team/members.ts';
import { defineCommand, runMain, UsageError } from './run.ts';

type TeamArgs =
  | { command: 'invite'; email: string; name: string; role: (typeof teamRoles)[number]; zone: string }
  | { command: 'list' }
  | { command: 'role'; email: string; role: (typeof teamRoles)[number] }
  | { command: 'remove'; email: string };

/** `npm run team`: the console's members from a terminal (D41), the same code the console runs. */
export const team = defineCommand({
  name: 'team',
  usage: `Usage: npm run team -- invite <email> --role ${teamRoles.join('|')} --name "Ada Obi" [--zone Africa/Lagos]
       npm run team -- list
       npm run team -- role <email> ${teamRoles.join('|')}
       npm run team -- remove <email>

  invite   adds a member (or updates one) and prints their enrolment link: it works once, for
           24 hours, and replaces any link they had. Opening it, they press one button to create
           a passkey and are signed in. This is also the way back in when every admin has lost
           their passkeys.
  list     every member, their role and zone
  role     gives a member another role; their sessions end at once
  remove   removes a member: their passkeys and sessions go, their leads go back to nobody
Reads DATABASE_URL and PUBLIC_URL like the server: the link opens PUBLIC_URL.`,
  options: {
    role: { type: 'string' },
    name: { type: 'string' },
    zone: { type: 'string' },
  },
  parse: ({ role, name, zone }, [command, ...rest]): TeamArgs => {
    if (command === 'list') {
      if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);
      return { command };
    }
    if (command === 'invite') {
      const [email, ...more] = rest;
      if (more.length > 0) throw new UsageError(`Unexpected argument '${more[0]}'.`);
      const parsed = invitationSchema.safeParse({
        email: email ?? '',
        name: name ?? '',
        role: role ?? '',
        zone: zone ?? 'Africa/Lagos',
      });
      if (!parsed.success)
        throw new UsageError(
          parsed.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join(' '),
        );
      return { command, ...parsed.data };
    }
    if (command === 'role') {
      const [email, wanted, ...more] = rest;
      if (!email || !isTeamRole(wanted)) throw new UsageError(`Say role <email> and one of ${teamRoles.join(', ')}.`);
      if (more.length > 0) throw new UsageError(`Unexpected argument '${more[0]}'.`);
      return { command, email: email.toLowerCase(), role: wanted };
    }
    if (command === 'remove') {
      const [email, ...more] = rest;
      if (!email) throw new UsageError('Say remove <email>.');
      if (more.length > 0) throw new UsageError(`Unexpected argument '${more[0]}'.`);
      return { command, email: email.toLowerCase() };
    }
    throw new UsageError(
      command
        ? `Unknown command '${command}': say invite, list, role or remove.`
        : 'Missing command: say invite, list, role or remove.',
    );
  },
  run: async (args, context) => {
    const data = await context.data();
    if (args.command === 'list') {
      const members = await data.team.members();
      if (members.length === 0) console.log('No members yet: npm run team -- invite <email> --role admin --name "…"');
      for (const member of members) console.log(`${member.email}  ${member.role}  ${member.name}  ${member.zone}`);
      return;
    }
    if (args.command === 'invite') {
      const { email, name, role, zone } = args;
      const { member, link } = await inviteMember(
        data,
        context.config(),
        { email, name, role, zone },
        commandActor('team'),
      );
      console.log(
        `Enrolment link for ${member.name} <${member.email}>, ${member.role}; it works once, for 24 hours:\n${link}`,
      );
      return;
    }
    const member = await data.team.memberByEmail(args.email);
    if (!member) throw new Error(`No member has the address ${args.email}.`);
    if (args.command === 'role') {
      if ((await changeRole(data, member.id, args.role, commandActor('team'))) === 'last-admin')
        throw lastAdmin(member.email);
      console.log(`${member.email} is now ${args.role}; their sessions have ended.`);
      return;
    }
    if ((await removeMember(data, member.id, commandActor('team'))) === 'last-admin') throw lastAdmin(member.email);
    console.log(`Removed ${member.email}.`);
  },
});

const lastAdmin = (email: string) =>
  new Error(`${email} is the team's only admin: make another member an admin first (npm run team -- role).`);

if (import.meta.main) await runMain(team);
