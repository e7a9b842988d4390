import { setPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { finishPublish } from '../content/publish.ts';
import { finishUndo } from '../content/undo.ts';
import { defineCommand, runMain, UsageError } from '../cli/run.ts';
import { substitutionsFor } from '../site/placeholders.ts';
import { onContentBranch, pushContent } from './git.ts';
import { imagesOf, runPublish } from './publish.ts';
import type { ContentPublish } from '../repositories/content-publishes.ts';
import type { DataAccess } from '../repositories/index.ts';
import { runUndo } from './undo.ts';

/** How often the publisher looks for a publish to build when none waits. */
const pollEvery = 5_000;

/**
 * What follows a build that passed, or an undo's revert, neither of which can undo it: the content
 * branch pushed to the Git remote (when one is set), and versions no one needs deleted. A failure of
 * either is logged and left for the next publish, which pushes the whole branch and prunes again.
 */
async function afterPublish(
  data: DataAccess,
  site: string,
  publish: ContentPublish,
  remote: { remote: string; sshKey: string | undefined } | undefined,
) {
  try {
    // A publish's commit, or an undo's revert; a preview commits nothing.
    if (remote && publish.purpose !== 'preview') {
      const problem = await pushContent(site, remote);
      if (problem) console.error(`publisher: ${publish.id} is live, but the push to the Git remote failed: ${problem}`);
      await data.contentPublishes.recordPush(publish.id, problem);
    }
    const pruned = await data.contentVersions.prune(new Date());
    if (pruned.versions > 0) console.log(`publisher: deleted ${pruned.versions} old versions, ${pruned.files} files`);
  } catch (error) {
    console.error(`publisher: after ${publish.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

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
    // The publisher shares a machine with the servers (docs/deploy.md): its builds, which take
    // both cores of a small one for half a minute, go at the lowest priority, as does everything
    // it starts, so that visitors' answers come first (bench:publish).
    setPriority(19);
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
        if (outcome.state === 'passed') await afterPublish(data, site, publish, context.config().publisherGit);
      } else if (publish) {
        const images = await imagesOf(data, publish);
        const outcome = await runPublish(site, publish, substitutionsFor(context.config()), images).catch(
          (error: unknown) => ({
            state: 'refused' as const,
            problems: [{ message: `The publisher failed: ${error instanceof Error ? error.message : String(error)}` }],
          }),
        );
        await finishPublish(data, publish, outcome);
        console.log(`publisher: ${publish.id} ${outcome.state}${'commit' in outcome ? ` ${outcome.commit}` : ''}`);
        if (outcome.state === 'passed') await afterPublish(data, site, publish, context.config().publisherGit);
      }
      if (once) break;
      if (!publish) await sleep(pollEvery);
    }
  },
});

if (import.meta.main) await runMain(publisherCommand);
