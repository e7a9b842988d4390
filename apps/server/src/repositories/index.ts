import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index.ts';
import { alertsRepository } from './alerts.ts';
import { auditRepository } from './audit.ts';
import { contactsRepository } from './contacts.ts';
import { contentDraftsRepository } from './content-drafts.ts';
import { contentImagesRepository } from './content-images.ts';
import { contentPublishesRepository } from './content-publishes.ts';
import { contentVersionsRepository } from './content-versions.ts';
import { demosRepository } from './demos.ts';
import { leadsRepository } from './leads.ts';
import { mailRepository } from './mail.ts';
import { membershipsRepository } from './memberships.ts';
import { peopleRepository } from './people.ts';
import { pushRepository } from './push.ts';
import { quarantineRepository } from './quarantine.ts';
import type { Executor } from './repository.ts';
import { settingsRepository } from './settings.ts';
import { submissionsRepository } from './submissions.ts';
import { suppressionsRepository } from './suppressions.ts';
import { teamRepository } from './team.ts';
import { visitsRepository } from './visits.ts';
import { webhooksRepository } from './webhooks.ts';

/**
 * Every repository, by the name the app is decorated with: the one way the server reaches
 * data. `app.leads.list()` runs on the database; `app.leads.in(trx).insert(...)` runs the
 * same query in a transaction. `mail` is the outbox table's mail and `alerts` its members'
 * alerts; `app.outbox` is the sender that drains both.
 */
const repositoriesOn = (db: Executor) => ({
  alerts: alertsRepository(db),
  audit: auditRepository(db),
  contacts: contactsRepository(db),
  contentDrafts: contentDraftsRepository(db),
  contentImages: contentImagesRepository(db),
  contentPublishes: contentPublishesRepository(db),
  contentVersions: contentVersionsRepository(db),
  demos: demosRepository(db),
  leads: leadsRepository(db),
  mail: mailRepository(db),
  memberships: membershipsRepository(db),
  people: peopleRepository(db),
  push: pushRepository(db),
  quarantine: quarantineRepository(db),
  settings: settingsRepository(db),
  submissions: submissionsRepository(db),
  suppressions: suppressionsRepository(db),
  team: teamRepository(db),
  webhooks: webhooksRepository(db),
  visits: visitsRepository(db),
});

export type Repositories = ReturnType<typeof repositoriesOn>;

/**
 * What code that reaches data is handed: the database (for transactions, its dialect and its
 * status) and every repository on it. The app is one (`app.db`, `app.leads`, ...); a command
 * line tool, or a test without an app, makes one with `dataAccess(db)`.
 */
export type DataAccess = Repositories & { db: Db };

export const dataAccess = (db: Db): DataAccess => ({ db, ...repositoriesOn(db.kysely) });

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the repositories into the app's type
  interface FastifyInstance extends Repositories {}
}

/** Decorates the app with every repository over its database, as fastify/demo does. */
export default fp(
  async function repositories(app: FastifyInstance) {
    const decorations: Record<string, object> = repositoriesOn(app.db.kysely);
    for (const [name, repository] of Object.entries(decorations)) app.decorate(name, repository);
  },
  { name: 'repositories', dependencies: ['database'] },
);
