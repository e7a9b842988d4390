import type { TeamSignIn } from '@growmail/contracts/team';

/** Who made a change (D41): a member signed in to the console, or a person at a terminal holding the database. */
export type Actor = { memberId: string | null; name: string; method: TeamSignIn | 'command' };

/** The audit's columns for who made a change. */
export const auditActor = (actor: Actor) => ({
  memberId: actor.memberId,
  memberName: actor.name,
  method: actor.method,
});

/** A member acting on their own behalf: signing in or out, or enrolling their first passkey. */
export const memberActor = (member: { id: string; name: string }, method: Actor['method']): Actor => ({
  memberId: member.id,
  name: member.name,
  method,
});

/** A change made by one of the commands: whoever runs one holds the database already. */
export const commandActor = (command: string): Actor => ({
  memberId: null,
  name: `npm run ${command}`,
  method: 'command',
});
