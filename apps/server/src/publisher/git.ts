import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The publisher's Git (D45), through the git command line: a few commands, for which a wrapper
 * such as simple-git would add a dependency and no safety. Content is committed on the `content`
 * branch of the publisher's checkout, on top of the released commit; developers merge it, and the
 * publisher never touches main or rebases onto developers' code.
 */
export const contentBranch = 'content';

const git = async (cwd: string, args: string[], env: Record<string, string> = {}) =>
  (await run('git', args, { cwd, env: { ...process.env, ...env } })).stdout.trim();

/** The checkout's top folder, where the spelling list and its configuration live. */
export const checkoutRoot = (site: string) => git(site, ['rev-parse', '--show-toplevel']);

/** The commit the checkout is at: what a preview is built on. */
export const headOf = (site: string) => git(site, ['rev-parse', 'HEAD']);

/** Puts the checkout on the content branch, made from the commit it is on if it has none yet. */
export async function onContentBranch(site: string): Promise<void> {
  const branch = await git(site, ['branch', '--show-current']);
  if (branch === contentBranch) return;
  const known = await git(site, ['branch', '--list', contentBranch]);
  await git(site, known ? ['switch', contentBranch] : ['switch', '--create', contentBranch]);
}

/**
 * Commits the files, by the editor: named by their member id and name, never their address
 * (an address under `.invalid`, which reaches no one, stands where Git wants one). The
 * publisher is the committer. Resolves to the commit's hash.
 */
export async function commitContent(
  site: string,
  files: readonly string[],
  editor: { id: string | null; name: string },
  message: string,
): Promise<string> {
  const member = editor.id ?? 'unknown';
  const name = editor.name.replace(/[<>\n]/g, '');
  if (files.length > 0) await git(site, ['add', '--', ...files]);
  await git(
    site,
    [
      'commit',
      '--no-verify',
      '--author',
      `${name} (member ${member}) <member-${member}@members.invalid>`,
      '-m',
      message,
    ],
    {
      GIT_COMMITTER_NAME: 'Growmail publisher',
      GIT_COMMITTER_EMAIL: 'publisher@growmail.invalid',
    },
  );
  return git(site, ['rev-parse', 'HEAD']);
}

/** A path in single quotes for the shell Git runs `GIT_SSH_COMMAND` with. */
const quoted = (path: string) => `'${path.replaceAll("'", `'\\''`)}'`;

/**
 * Pushes the content branch to the remote (D45), as a fast-forward only: never main, never with
 * force, so a branch developers moved on the remote refuses the push rather than losing their
 * work. Over SSH it uses the given key alone (`IdentitiesOnly`) and never prompts (`BatchMode`);
 * over HTTPS Git does not prompt either. The whole branch is pushed, so a push that failed is
 * made good by the next. Resolves to undefined when pushed, or to Git's words for why not.
 */
export async function pushContent(site: string, remote: { remote: string; sshKey: string | undefined }) {
  const env: Record<string, string> = { GIT_TERMINAL_PROMPT: '0' };
  if (remote.sshKey) env.GIT_SSH_COMMAND = `ssh -i ${quoted(remote.sshKey)} -o IdentitiesOnly=yes -o BatchMode=yes`;
  try {
    await git(site, ['push', remote.remote, `refs/heads/${contentBranch}:refs/heads/${contentBranch}`], env);
    return undefined;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    const words = stderr || (error instanceof Error ? error.message : String(error));
    // Editors read it: no credentials a remote's URL may carry (`https://user:token@host/…`).
    return words.replace(/\/\/[^/@\s]+@/g, '//').slice(0, 1000);
  }
}

/**
 * Reverts a publish's commit on the content branch (an undo, D45), by the member who undid it,
 * named as `commitContent` names an editor. A revert that does not apply cleanly is given up,
 * leaving the checkout as it was. Resolves to the revert's hash.
 */
export async function revertContent(
  site: string,
  commit: string,
  editor: { id: string | null; name: string },
  message: string,
): Promise<string> {
  try {
    await git(site, ['revert', '--no-commit', commit]);
  } catch (error) {
    await git(site, ['revert', '--abort']).catch(() => {});
    throw error;
  }
  return commitContent(site, [], editor, message);
}
