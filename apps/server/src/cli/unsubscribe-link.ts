import { mintUnsubscribeLink } from '../services/users/tracking.ts';
import { defineCommand, runMain, UsageError } from './run.ts';

/**
 * `npm run unsubscribe-link`: a working preferences-page link for a subscriber (D17), signed
 * like the ones the users service issues.
 */
export const unsubscribeLink = defineCommand({
  name: 'unsubscribe-link',
  usage: `Usage: npm run unsubscribe-link -- <email> [--list <list id>]

Prints a working preferences-page link for a subscriber of the list (default: AUDIENCE_ID).
Reads DATABASE_URL like the server.`,
  options: { list: { type: 'string' } },
  parse: ({ list }, [email, ...rest]) => {
    if (!email) throw new UsageError('Missing the email address.');
    if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);
    return { email, list };
  },
  run: async ({ email, list }, context) => {
    const config = context.config();
    const link = await mintUnsubscribeLink(await context.data(), config, email, list);
    if (!link) throw new Error(`${email} is not on the list ${list ?? config.audienceId}.`);
    console.log(link);
  },
});

if (import.meta.main) await runMain(unsubscribeLink);
