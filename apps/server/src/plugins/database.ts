import fp from 'fastify-plugin';
import { migrateToLatest, openDatabase, type Db } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens the configured database, brings its schema up to date, and closes it last on shutdown. */
export default fp(
  async function databasePlugin(app, options: { db?: Db }) {
    const db = options.db ?? openDatabase(app.config.databaseUrl);
    await migrateToLatest(db.kysely);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
      app.log.info('database closed');
    });
  },
  { name: 'database', dependencies: ['config'] },
);
