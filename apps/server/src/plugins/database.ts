import fp from 'fastify-plugin';
import { migrateToLatest, migrateWhenAvailable, openDatabase, type Db } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * Opens the configured database and brings its schema up to date, and closes it last on
 * shutdown. Start-up never waits for a database that is down (D26): pages need none, so the
 * server listens at once, migrations run when the database first answers, and until then
 * the services that need it answer 503.
 */
export default fp(
  async function databasePlugin(app, options: { db?: Db }) {
    const db = options.db ?? openDatabase(app.config.databaseUrl);
    db.status.on('down', (error) =>
      app.log.warn(
        { reason: describe(error) },
        'the database is unavailable; its services answer 503 until it returns',
      ),
    );
    db.status.on('up', () => app.log.info('the database is available again'));
    db.status.on('ready', () => app.log.info('database migrated and ready'));

    // The first attempt is awaited, so a reachable database is ready before the first request;
    // one that cannot be reached is retried in the background while the server listens.
    const stop = new AbortController();
    let migrating: Promise<void> = Promise.resolve();
    try {
      await migrateToLatest(db.kysely);
      db.status.markReady();
    } catch (error) {
      if (!db.status.report(error)) throw error;
      migrating = migrateWhenAvailable(db, {
        signal: stop.signal,
        firstDelayMs: 1_000,
        onRetry: (_error, delayMs) => app.log.info({ retryInMs: delayMs }, 'migrations wait for the database'),
      }).catch((failure: unknown) => {
        if (!stop.signal.aborted)
          app.log.error({ err: failure }, 'migrating the database failed; its services stay off');
      });
    }

    app.decorate('db', db);
    app.addHook('onClose', async () => {
      stop.abort();
      await migrating;
      await db.close();
      app.log.info('database closed');
    });
  },
  { name: 'database', dependencies: ['config'] },
);

/** The cause in a line, without a stack: an outage is expected, and its trace says nothing new. */
function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const inner = (error as { cause?: unknown } | null)?.cause;
  const text = [code, message].filter(Boolean).join(' ');
  return inner ? `${text} (${describe(inner)})` : text || String(error);
}
