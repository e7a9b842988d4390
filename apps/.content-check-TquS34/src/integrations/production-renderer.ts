import { readFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

type Manifest = { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };

const manifestAt = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Manifest;

/** The site's dependencies that take React as a peer: what renders through React. */
function reactPeers(): string[] {
  const site = manifestAt(fileURLToPath(new URL('../../package.json', import.meta.url)));
  return Object.keys(site.dependencies ?? {}).filter((name) => {
    const found = findPackageJSON(name, import.meta.url);
    if (!found) throw new Error(`${name} is not installed`);
    return manifestAt(found).peerDependencies?.react !== undefined;
  });
}

/**
 * The renderer of the on-demand pages (dist-server) carries React's production build inside it.
 * Left external, React chose its build from NODE_ENV when the server first imported it, and a
 * server started without NODE_ENV (`npm start`, the test runs) rendered every page with React's
 * development build: slower, and with checks meant for a developer. What renders with React comes
 * along, or it would call hooks on a second, external copy of React. The peers are read when the
 * renderer is built, not when the config loads: `astro sync` loads it too, on a copy of the site
 * without its package.json (content-build.test.ts).
 */
export function productionRenderer(): Plugin {
  return {
    name: 'growmail:production-renderer',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'ssr') return;
      return {
        resolve: { noExternal: ['react', 'react-dom', 'scheduler', ...reactPeers()] },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      };
    },
  };
}
