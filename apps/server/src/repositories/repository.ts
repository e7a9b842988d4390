import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Where a repository's queries run: the database, or a transaction in progress. */
export type Executor = Kysely<Database>;

/**
 * A repository's queries on the database, and `in(trx)`: the same queries inside a
 * transaction, for a handler that must write to several tables at once.
 */
export type Repository<Queries> = Queries & { in: (trx: Executor) => Queries };

export const repository =
  <Queries>(queries: (db: Executor) => Queries) =>
  (db: Executor): Repository<Queries> => ({ ...queries(db), in: queries });

/**
 * A plugin that decorates the app with a repository over its database, as fastify/demo
 * does: handlers call `app.contacts.findOrCreate(...)` and hold no queries of their own.
 */
export function repositoryPlugin<Queries>(name: string, create: (db: Executor) => Repository<Queries>) {
  return fp(
    async function decorate(app: FastifyInstance) {
      const decoration: object = create(app.db.kysely);
      app.decorate(name, decoration);
    },
    { name: `${name}-repository`, dependencies: ['database'] },
  );
}
