import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..', '..');
const apps = join(repo, 'apps');

/**
 * The publisher's checkout as docs/deploy.md makes it (D45), in small: the released site's sources
 * and the spelling list in a Git repository of their own, beside apps/site so that the packages and
 * node_modules resolve as the real one's do, on a `release` branch. `git` runs Git in it.
 */
export function publisherCheckout() {
  const site = mkdtempSync(join(apps, '.publisher-test-'));
  for (const part of ['astro.config.ts', 'tsconfig.json', 'package.json', 'scripts', 'src', 'public'])
    cpSync(join(apps, 'site', part), join(site, part), { recursive: true });
  for (const file of ['cspell.config.yaml', 'cspell-words.txt']) cpSync(join(repo, file), join(site, file));
  const identity = { GIT_AUTHOR_NAME: 'Release', GIT_AUTHOR_EMAIL: 'r@x.invalid' };
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: site,
      encoding: 'utf8',
      env: { ...process.env, ...identity, GIT_COMMITTER_NAME: 'Release', GIT_COMMITTER_EMAIL: 'r@x.invalid' },
    }).trim();
  git('init', '--quiet', '--initial-branch', 'release');
  git('add', '.');
  git('commit', '--quiet', '-m', 'The released site');
  return { site, git, remove: () => rmSync(site, { recursive: true, force: true }) };
}
