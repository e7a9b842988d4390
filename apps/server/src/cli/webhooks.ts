import { deliverDue } from '../webhooks/deliver.ts';
import { defineCommand, runMain, UsageError } from './run.ts';

/**
 * `npm run webhooks`: what was sent to WEBHOOK_URL, and sending it again. Every event is kept,
 * delivered or failed, so a receiver that was down or misconfigured can be given what it
 * missed: replay sends the event again with its original id, so the receiver can tell.
 */
export const webhooks = defineCommand({
  name: 'webhooks',
  usage: `Usage: npm run webhooks -- list [--failed]
       npm run webhooks -- replay <event id>
       npm run webhooks -- replay --failed

list      the newest events (100), with their state and last error; --failed: only those that
          ran out of attempts
replay    sends one event again now, or every failed one, and prints what happened
Reads DATABASE_URL, WEBHOOK_URL and WEBHOOK_SECRET like the server.`,
  options: { failed: { type: 'boolean' } },
  parse: ({ failed = false }, [command, id, ...rest]) => {
    if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);
    if (command === 'list') {
      if (id) throw new UsageError(`Unexpected argument '${id}'.`);
      return { command, failed } as const;
    }
    if (command === 'replay') {
      if (Boolean(id) === failed) throw new UsageError('Give replay an event id, or --failed.');
      return { command, which: id ? { id } : { failed: true as const } } as const;
    }
    throw new UsageError(command ? `Unknown command '${command}'.` : 'Missing the command: list or replay.');
  },
  run: async (args, context) => {
    const data = await context.data();
    const events = data.webhooks;
    if (args.command === 'list') {
      for (const event of await events.list({ failed: args.failed })) {
        const state = event.delivered_at ? 'delivered' : event.failed_at ? 'failed' : 'pending';
        const error = event.last_error ? `  ${event.last_error}` : '';
        console.log(`${event.id}  ${event.type}  ${event.created_at}  ${state} after ${event.attempts}${error}`);
      }
      return;
    }
    const { webhook } = context.config();
    if (!webhook) throw new Error('Webhooks are off: set WEBHOOK_URL and WEBHOOK_SECRET.');
    const requeued = await events.requeue(args.which);
    if ('id' in args.which && requeued.length === 0) throw new Error(`No event ${args.which.id}.`);
    // One attempt each, now: what still fails goes back to the server's schedule.
    const report = await deliverDue(data, webhook, { batchSize: Math.max(1, requeued.length), only: requeued });
    const dropped = report.dropped > 0 ? `, ${report.dropped} dropped (naming an erased address)` : '';
    console.log(
      `Replayed ${requeued.length}: ${report.delivered} delivered, ${report.retrying + report.failed} failed${dropped}.`,
    );
    return report.delivered + report.dropped === requeued.length ? 0 : 1;
  },
});

if (import.meta.main) await runMain(webhooks);
