import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The release a build of the site is made from, by its code (D45): a hash of everything its
 * build reads but the content marketing edits. A published version is served only by servers of
 * the release it was built on, so no code rides along with a publish either way: a new release
 * serves its own build until the next publish. Computed the same way by a server from its own
 * checkout and by the publisher from its copy of the site.
 */
export function releaseOf(site: string): string {
  const hash = createHash('sha256');
  const add = (root: string, name: string) => {
    if (!existsSync(root)) return;
    if (statSync(root).isFile()) {
      hash.update(`${name}\n`).update(readFileSync(root));
      return;
    }
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter((path) => !skipped.test(`${name}/${path}`))
      .sort();
    for (const path of files) hash.update(`${name}/${path}\n`).update(readFileSync(join(root, path)));
  };
  for (const part of ['astro.config.ts', 'package.json', 'scripts', 'src', 'public']) add(join(site, part), part);
  for (const name of ['contracts', 'webpush-sdk']) {
    const linked = join(site, 'node_modules', '@growmail', name);
    const root = existsSync(linked) ? realpathSync(linked) : packageOf(site, name);
    if (root) for (const part of ['package.json', 'src', 'data']) add(join(root, part), `${name}/${part}`);
  }
  const lock = lockOf(site);
  if (lock) hash.update(readFileSync(lock));
  return hash.digest('hex').slice(0, 16);
}

/**
 * What is not the release's code: the content marketing publishes, and the workers the build
 * writes into `public/` before it reads them (git ignores both workers).
 */
const skipped = /^(src\/content\/|public\/gm-service-worker\.js$|public\/team\/alerts-worker\.js$)/;

/** A workspace package as node resolves it from the site: in the nearest node_modules above it. */
function packageOf(site: string, name: string): string | undefined {
  for (let folder = site; ; folder = dirname(folder)) {
    const linked = join(folder, 'node_modules', '@growmail', name);
    if (existsSync(linked)) return realpathSync(linked);
    if (dirname(folder) === folder) return undefined;
  }
}

/** The lockfile of the checkout the site is in. */
function lockOf(site: string): string | undefined {
  for (let folder = site; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package-lock.json'))) return join(folder, 'package-lock.json');
    if (dirname(folder) === folder) return undefined;
  }
}
