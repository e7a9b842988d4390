import { isEmail } from '@growmail/contracts/rules';
import { commandActor } from '../lib/actor.ts';
import { erasePerson, type Erasure } from '../people/erase.ts';
import { exportPerson } from '../people/export.ts';
import { defineCommand, runMain, UsageError } from './run.ts';

/**
 * `npm run people`: a person's data on request (D29). `export` prints everything stored about
 * an address as JSON, to send them; `erase` deletes it in one transaction and keeps only a
 * salted hash, so nothing but their own newsletter opt-in adds the address again.
 */
export const people = defineCommand({
  name: 'people',
  usage: `Usage: npm run people -- export --email <address>
       npm run people -- erase --email <address>

export   prints, as JSON, everything stored about the address (any case): contact, lists and
         consent records, push subscriptions, leads, quarantined submissions, mail queued or
         sent, webhook events and demo bookings
erase    deletes all of it in one transaction, prints how many rows went from each table, and
         puts the address on the suppression list (a salted hash): no import or webhook adds
         it again, until the person confirms a newsletter subscription themselves; the team's
         audit keeps a row of the erasure, naming this command and no address
Reads DATABASE_URL like the server.`,
  options: { email: { type: 'string' } },
  parse: ({ email }, [command, ...rest]) => {
    if (command === undefined) throw new UsageError('Missing command: say export or erase.');
    if (command !== 'export' && command !== 'erase') {
      throw new UsageError(`Unknown command '${command}': say export or erase.`);
    }
    if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);
    if (email === undefined) throw new UsageError(`${command} needs --email.`);
    if (!isEmail(email.trim())) throw new UsageError(`--email must be an email address (got '${email}').`);
    return { command, email: email.trim() } as const;
  },
  run: async ({ command, email }, context) => {
    const data = await context.data();
    if (command === 'export') {
      console.log(JSON.stringify(await exportPerson(data, email), null, 2));
      return;
    }
    process.stdout.write(describeErasure(await erasePerson(data, email, commandActor('people'))));
  },
});

/** The erasure as lines to read: each table and how many rows went. */
export function describeErasure({ email, deleted, rewritten, console: team }: Erasure): string {
  const lines = Object.entries(deleted).map(([table, count]) => `  ${table.padEnd(20)}${count}`);
  const others = Object.entries(rewritten).map(([table, count]) => `  ${table.padEnd(20)}${count}`);
  return [
    `Erased ${email}. Rows deleted:`,
    ...lines,
    ...(others.length > 0
      ? ["Other people's rows that named the address, now with [erased] in its place:", ...others]
      : []),
    `The team console: ${team.notes_deleted} notes on their leads deleted; ${team.notes_rewritten} other notes and ${team.audit_rewritten} audit rows named the address, now [erased] (the rows stay).`,
    'The address is on the suppression list, as a salted hash only.',
    'push_actions and submissions hold no address, so nothing there was searched.',
    '',
  ].join('\n');
}

if (import.meta.main) await runMain(people);
