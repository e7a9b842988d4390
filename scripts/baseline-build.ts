/**
 * Another commit's build, for a bench that measures it beside this checkout's in one run
 * (bench:origin's `--baseline`): a git worktree of that commit in the system's temporary folder,
 * its own `npm ci` and `npm run build`. It is kept for the next run (the build takes minutes);
 * `git worktree remove --force <folder>` deletes it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

export type BaselineBuild = {
  /** The commit, in full. */
  commit: string;
  /** Its server's entry and its built site, as `startOriginServer` takes them. */
  entry: string;
  siteDir: string;
};

/** The build of `ref` (a commit, branch or tag of this repository), made on first use. */
export function baselineBuild(ref: string): BaselineBuild {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const folder = join(tmpdir(), `gm-baseline-${commit.slice(0, 12)}`);
  const step = (what: string, command: string, args: string[], cwd: string) => {
    console.error(`baseline ${commit.slice(0, 12)}: ${what}…`);
    execFileSync(command, args, {
      cwd,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
  };
  if (!existsSync(join(folder, '.git')))
    step('git worktree add', 'git', ['worktree', 'add', '--detach', folder, commit], root);
  if (!existsSync(join(folder, 'node_modules', '.package-lock.json')))
    step('npm ci', 'npm', ['ci', '--no-audit', '--no-fund'], folder);
  const siteDir = join(folder, 'apps', 'site', 'dist');
  if (!existsSync(join(siteDir, 'index.html'))) step('npm run build', 'npm', ['run', 'build'], folder);
  return { commit, entry: join(folder, 'apps', 'server', 'src', 'server.ts'), siteDir };
}
