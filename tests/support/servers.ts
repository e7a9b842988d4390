import { migrateToLatest, openDatabase, type Db } from '@growmail/server/db';
import { testApp } from './app.ts';
import { createSchema, testDatabases } from './databases.ts';

type App = Awaited<ReturnType<typeof testApp>>;
type Options = NonNullable<Parameters<typeof testApp>[1]>;

/** Servers sharing one database, the connection a command line (`npm run demos`) would open, and how to drop them. */
export type SharedServers = { servers: App[]; cli: Db; drop: () => Promise<void> };

/** One database the tests reach, and how to start servers on it. */
export type ServerStore = { name: string; create: (env: Record<string, string>) => Promise<SharedServers> };

/**
 * `count` servers on one database, on SQLite and, when it is reachable, on PostgreSQL, as the
 * site runs on several machines.
 * - PostgreSQL: apps with pools of their own on a fresh schema named after `schemaName`, as
 *   separate processes would be, and a connection of the command line's own.
 * - SQLite serves one process, whose connection is synchronous (node:sqlite): the apps share
 *   one in-memory connection, each running its own outbox, webhook and reminder rounds on it,
 *   which is how several rounds meet on SQLite. A second connection here would block the event
 *   loop on the first's write lock, so the command line shares it too.
 */
export async function serversOnEachDatabase(
  count: number,
  schemaName: string,
  options: Omit<Options, 'db'> = {},
): Promise<ServerStore[]> {
  const apps = (env: Record<string, string>, db?: Db) =>
    Promise.all(Array.from({ length: count }, () => testApp(env, { ...options, ...(db ? { db } : {}) })));
  const stores: ServerStore[] = [
    {
      name: 'sqlite',
      create: async (env) => {
        const db = openDatabase('sqlite::memory:');
        await migrateToLatest(db.kysely);
        const shared = { ...db, close: async () => {} };
        return { servers: await apps(env, shared), cli: shared, drop: () => db.close() };
      },
    },
  ];
  if ((await testDatabases()).some((database) => database.name === 'postgres')) {
    stores.push({
      name: 'postgres',
      create: async (env) => {
        const schema = await createSchema(schemaName);
        const servers = await apps({ ...env, DATABASE_URL: schema.url });
        const cli = openDatabase(schema.url);
        return {
          servers,
          cli,
          drop: async () => {
            await cli.close();
            await schema.drop();
          },
        };
      },
    });
  }
  return stores;
}
