import { pushPayloadSchema } from '@growmail/contracts/push';
import { newVapidKeys, sendPush, type PushMessage } from '../services/messaging/push-sending.ts';
import { defineCommand, runMain, UsageError } from './run.ts';

type PushArgs = { command: 'keys' } | { command: 'send'; message: PushMessage };

/** `npm run push`: a VAPID key pair, or a notification to the stored subscriptions. */
export const push = defineCommand({
  name: 'push',
  usage: `Usage:
  npm run push -- keys
      Prints a new VAPID key pair for VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
  npm run push -- send --title <title> --body <body> [--email <address>] [--icon <url>] [--url <url>]
      Sends a notification to every stored subscription, or to one contact's.`,
  options: {
    title: { type: 'string' },
    body: { type: 'string' },
    email: { type: 'string' },
    icon: { type: 'string' },
    url: { type: 'string' },
  },
  parse: (values, [command, ...rest]): PushArgs => {
    if (command === undefined) throw new UsageError('Missing command: say keys or send.');
    if (command !== 'keys' && command !== 'send') {
      throw new UsageError(`Unknown command '${command}': say keys or send.`);
    }
    if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);
    if (command === 'keys') {
      const given = Object.keys(values);
      if (given.length > 0) throw new UsageError(`keys takes no options (got --${given[0]}).`);
      return { command };
    }
    const { title, body, email, icon, url } = values;
    if (!title || !body) throw new UsageError('send needs --title and --body.');
    const message = { title, body, ...(icon ? { icon } : {}), ...(url ? { url } : {}) };
    // The notification's own limits (lengths) are the contract's; a tracking id stands in for the one made at sending.
    const checked = pushPayloadSchema.safeParse({ ...message, tracking_id: 'check' });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const limit = issue.code === 'too_big' ? ` (at most ${issue.maximum} characters)` : '';
      throw new UsageError(`--${String(issue.path[0])} is not accepted${limit}.`);
    }
    return { command, message: { ...message, ...(email ? { email } : {}) } };
  },
  run: async (args, context) => {
    if (args.command === 'keys') {
      const keys = newVapidKeys();
      console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}`);
      return;
    }
    const { vapid, pushServiceHosts } = context.config();
    if (!vapid) {
      throw new Error(
        'Web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npm run push -- keys makes a pair).',
      );
    }
    const result = await sendPush(
      await context.data(),
      { vapid, hosts: pushServiceHosts, warn: console.error },
      args.message,
    );
    console.log(
      `Sent ${result.sent}, removed ${result.removed} gone subscription(s), ${result.failed} failed, ${result.refused} refused (not a known push service). tracking_id ${result.trackingId}`,
    );
    // A push that failed or was refused fails the command, so a script running it notices.
    return result.failed + result.refused > 0 ? 1 : 0;
  },
});

if (import.meta.main) await runMain(push);
