import fp from 'fastify-plugin';
import { migrateWhenAvailable, openDatabase, type Db } from '../db/index.ts';

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

    const stop = new AbortController();
    // The first attempt is awaited, so a reachable database is ready before the first request.
    const migrating = migrateWhenAvailable(db, {
      signal: stop.signal,
      onRetry: (_error, delayMs) => app.log.info({ retryInMs: delayMs }, 'migrations wait for the database'),
    });
    const first = await Promise.race([
      migrating.then(() => 'ready' as const),
      db.status.down ? 'down' : waitForDown(db),
    ]);
    if (first === 'down') {
      migrating.catch((error: unknown) => {
        if (!stop.signal.aborted) app.log.error({ err: error }, 'migrating the database failed; its services stay off');
      });
    }

    app.decorate('db', db);
    app.addHook('onClose', async () => {
      stop.abort();
      await migrating.catch(() => {});
      await db.close();
      app.log.info('database closed');
    });
  },
  { name: 'database', dependencies: ['config'] },
);

/** Resolves when the database is first reported down (the first attempt found it unreachable). */
const waitForDown = (db: Db) => new Promise<'down'>((resolve) => db.status.once('down', () => resolve('down')));

/** The cause in a line, without a stack: an outage is expected, and its trace says nothing new. */
function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const inner = (error as { cause?: unknown } | null)?.cause;
  const text = [code, message].filter(Boolean).join(' ');
  return inner ? `${text} (${describe(inner)})` : text || String(error);
}
