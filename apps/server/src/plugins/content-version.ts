import type { FastifyInstance } from 'fastify';
import { dirname } from 'node:path';
import fp from 'fastify-plugin';
import pg from 'pg';
import { withDefaultUser } from '../db/index.ts';
import { rounds } from '../lib/rounds.ts';
import { buildFiles } from '../site/build-files.ts';
import { releaseOf } from '../site/release.ts';
import { contentVersionChannel } from '../repositories/content-versions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contentVersion: {
      /** The published version this server serves; undefined while it serves the release's own build. */
      current: () => string | undefined;
      /** Reads the current version's id now, and loads it if it is new; resolves when done. */
      check: () => Promise<void>;
    };
  }
}

/** How often every server reads which version is current (D45): within a publish's three minutes. */
const pollMs = 15_000;

/**
 * Serves the site's current published version (D45). Each server reads the current version's id
 * at start and every 15 s, and at once when PostgreSQL notifies a publish; a new one is read from
 * the database into a new Site, its pages stamped and compressed, then swapped in with one assignment
 * (`app.useSite`), so a request is answered wholly from one version and a page of the one before
 * still finds its hashed assets. A version built on another release's code is not served: no
 * code rides along with a publish. An undo of the first publish leaves no version current: the
 * server then reads the release's own build from its disk again, as it did at start. Nothing is
 * written to the disk (D27). A database that does not answer leaves the version being served as it is.
 */
async function contentVersion(app: FastifyInstance, options: { pollMs?: number }) {
  let loaded: string | undefined;
  // The release this server runs, from the site's sources beside its build.
  const release = releaseOf(dirname(app.config.siteDir));
  let refused: string | undefined;
  /** The bodies of the version served, by their SHA-256, as the database gave them. */
  let held = new Map<string, Buffer>();
  const loop = rounds(
    async () => {
      if (!app.db.status.ready) return;
      if (app.db.dialect === 'postgres' && !listener && listening) void listen();
      const id = await app.contentVersions.currentId();
      if (!id && loaded) {
        // An undo of the first publish: the release's own build again, its files read as a version's are.
        await serve(await buildFiles(app.config.siteDir), undefined);
        held = new Map();
        app.log.info('serving the release’s own build of the site again');
        return;
      }
      if (!id || id === loaded) return;
      const version = await app.contentVersions.find(id);
      if (!version || id === refused) return;
      if (version.release !== release) {
        // Built on another release's code: this server keeps its own build until the next publish.
        refused = id;
        app.log.warn(
          { version: id, release: version.release, ours: release },
          'the published version is of another release',
        );
        return;
      }
      // Only the bodies this server does not hold already are read: a publish that changed one
      // page reads that page, not the 34 MB of the whole version.
      const fetched = await app.contentVersions.bodies(Object.values(version.files).filter((hash) => !held.has(hash)));
      const bodies = new Map<string, Buffer>();
      const files = new Map<string, Buffer>();
      for (const [path, hash] of Object.entries(version.files)) {
        const body = held.get(hash) ?? fetched.get(hash);
        if (!body) throw new Error(`The published version ${id} lacks the body of ${path}.`);
        bodies.set(hash, body);
        files.set(path, body);
      }
      await serve(files, id);
      held = bodies;
      app.log.info({ version: id, commit: version.commit }, 'serving a published version of the site');
    },
    (error) => {
      if (!app.db.status.report(error)) app.log.error({ err: error }, 'loading the published version failed');
    },
  );
  /** Swaps in a version's files (or the release's, as `undefined`), the one before's hashed assets kept. */
  async function serve(files: ReadonlyMap<string, Buffer>, id: string | undefined) {
    const next = app.site.next(files);
    await app.prepareSite(next);
    app.useSite(next);
    loaded = id;
  }
  app.decorate('contentVersion', { current: () => loaded, check: loop.flush });

  // On PostgreSQL, a publish's NOTIFY brings the version at once; the poll stays for a lost connection.
  let listener: pg.Client | undefined;
  let listening = false;
  async function listen() {
    listening = true;
    const client = new pg.Client({ connectionString: withDefaultUser(app.config.databaseUrl) });
    client.on('error', () => {
      if (listener === client) listener = undefined;
    });
    client.on('notification', () => loop.nudge());
    try {
      await client.connect();
      await client.query(`listen ${contentVersionChannel}`);
      listener = client;
    } catch (error) {
      await client.end().catch(() => {});
      app.log.warn({ err: error }, 'cannot listen for publishes; reading the version every 15 s');
    }
  }

  app.addHook('onReady', async () => {
    // A server that starts serves the latest published version before it takes its first request.
    await loop.flush();
    loop.start(options.pollMs ?? pollMs);
    if (app.db.dialect === 'postgres') await listen();
  });
  app.addHook('onClose', async () => {
    listening = false;
    await loop.stop();
    await listener?.end().catch(() => {});
  });
}

export default fp(contentVersion, {
  name: 'content-version',
  dependencies: ['config', 'repositories', 'shared-pages'],
});
