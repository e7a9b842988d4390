import { setTimeout as sleep } from 'node:timers/promises';
import { finishPublish } from '../content/publish.ts';
import { finishUndo } from '../content/undo.ts';
import { defineCommand, runMain, UsageError } from '../cli/run.ts';
import { substitutionsFor } from '../site/placeholders.ts';
import { onContentBranch } from './git.ts';
import { runPublish } from './publish.ts';
import { runUndo } from './undo.ts';

/** How often the publisher looks for a publish to build when none waits. */
const pollEvery = 5_000;

export const publisherCommand = defineCommand({
  name: 'publisher',
  usage: `Usage: npm run publisher [-- --once]

Builds and checks each publish the console queues (D45), one at a time, and commits what passes
on the content branch of PUBLISHER_SITE's checkout. Runs until stopped; --once builds at most one
publish and exits.`,
  options: { once: { type: 'boolean' } },
  parse: (values, positionals) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    return { once: values.once === true };
  },
  run: async ({ once }, context) => {
    const site = context.config().publisherSite;
    if (!site)
      throw new Error('PUBLISHER_SITE is not set: it names the publisher’s checkout of the site (docs/deploy.md).');
    await onContentBranch(site);
    const data = await context.data();
    await data.contentPublishes.requeueInterrupted();
    let stopping = false;
    const stop = () => (stopping = true);
    process.once('SIGTERM', stop).once('SIGINT', stop);
    while (!stopping) {
      const publish = await data.contentPublishes.take(new Date());
      if (publish?.purpose === 'undo') {
        const undone = publish.undoes === undefined ? undefined : await data.contentPublishes.find(publish.undoes);
        const outcome = await runUndo(site, publish, undone);
        await finishUndo(data, publish, outcome);
        console.log(`publisher: undo ${publish.id} ${outcome.state}${'commit' in outcome ? ` ${outcome.commit}` : ''}`);
      } else if (publish) {
        const outcome = await runPublish(site, publish, substitutionsFor(context.config())).catch((error: unknown) => ({
          state: 'refused' as const,
          problems: [{ message: `The publisher failed: ${error instanceof Error ? error.message : String(error)}` }],
        }));
        await finishPublish(data, publish, outcome);
        console.log(`publisher: ${publish.id} ${outcome.state}${'commit' in outcome ? ` ${outcome.commit}` : ''}`);
      }
      if (once) break;
      if (!publish) await sleep(pollEvery);
    }
  },
});

if (import.meta.main) await runMain(publisherCommand);
