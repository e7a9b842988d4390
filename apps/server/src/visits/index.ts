import type { VisitSource } from '@growmail/contracts/lead-source';
import { visitBeaconSchema, visitCountPath } from '@growmail/contracts/visits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { rounds } from '../lib/rounds.ts';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import { ViewBatch } from './batch.ts';
import { countedView, siteOf } from './counted-view.ts';
import { sessionViews, type PageView } from './page-view.ts';
import { DailySalts, dayOf, visitorHash } from './visitor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts page views without cookies (D42); `flush()` writes what waits now. */
    visitCounter: {
      flush: () => Promise<void>;
      /** The visit of today that this request's visitor is in, once what waits is written; null if none. */
      visitOf: (request: FastifyRequest) => Promise<VisitSource | null>;
    };
  }
}

/** Views one write takes from the batch: about 100 ms of SQLite's time when each is a new visit (bench:visits). */
const batchSize = 500;

/**
 * Counts page views (D42). A page asks at `/visit` once it has loaded, with a beacon that carries
 * `document.referrer`, or without JavaScript as an image; the counted page is the request's
 * Referer. The answer is a 204 at once: the view waits in a batch (`batch.ts`), and every few
 * seconds the batch is sorted into visits and written in one transaction. A fault in Redis or the
 * database loses views, never an answer or the process.
 */
async function visits(app: FastifyInstance, options: { flushMs?: number }) {
  const salts = new DailySalts((day, fresh) => app.visits.saltOf(day, fresh));
  const pending = new ViewBatch(app.sharedRedis);
  let [lostLogged, lostShown] = [0, 0];
  new Counter({
    name: 'growmail_visit_views_lost_total',
    help: 'Page views never counted: the memory holding them while the database or Redis was away was full.',
    registers: [app.metrics.registry],
    collect() {
      this.inc(pending.lost - lostShown);
      lostShown = pending.lost;
    },
  });

  const write = async (isClosed: () => boolean) => {
    // Once a round, not once a view: past the limit, every view is lost.
    if (pending.lost > lostLogged) {
      app.log.warn({ lost: pending.lost - lostLogged }, 'page views not counted: the memory holding them is full');
      lostLogged = pending.lost;
    }
    while (!isClosed() && app.db.status.ready) {
      const views = await pending.take(batchSize);
      if (views.length === 0) return;
      await writeViews(app, views, (unwritten) => pending.restore(unwritten));
      // SQLite's writes hold the event loop: the requests waiting meanwhile, pages among them, go
      // before the next batch, so a backlog (a burst of views) never stalls a page for longer than one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const loop = rounds(write, (error) => {
    if (!app.db.status.report(error)) app.log.error({ err: error }, 'counted views could not be written');
  });
  const visitOf = async (request: FastifyRequest): Promise<VisitSource | null> => {
    const userAgent = request.headers['user-agent'];
    if (!userAgent || !app.db.status.ready) return null;
    try {
      // The view of the form's page may still wait in the batch, here or on another server.
      await loop.flush();
      const day = dayOf(new Date());
      const visitor = visitorHash(await salts.forDay(day), siteOf(app), request.ip, userAgent);
      return (await app.visits.latestOf(day, visitor)) ?? null;
    } catch (error) {
      app.db.status.report(error);
      return null;
    }
  };
  app.decorate('visitCounter', { flush: loop.flush, visitOf });
  app.addHook('onReady', async () => loop.start(options.flushMs ?? 5_000));
  app.addHook('onClose', async () => {
    await loop.stop();
    // What waits is written before the database closes; a crash loses it (docs/operations.md).
    await write(() => false).catch(() => {});
  });

  const count = async (request: FastifyRequest, reply: FastifyReply, referrer: string) => {
    try {
      const view = await countedView(request, referrer, salts, app);
      if (view) pending.add(view);
    } catch (error) {
      app.db.status.report(error);
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // One log line per view would put the address beside each page counted; warnings still show.
  const quiet = { logLevel: 'warn' as const };
  routes.get(visitCountPath, quiet, (request, reply) => count(request, reply, ''));
  routes.post(visitCountPath, { ...quiet, bodyLimit: 4_096, schema: { body: visitBeaconSchema } }, (request, reply) =>
    count(request, reply, request.body ?? ''),
  );
}

/**
 * Sorts views into visits, day by day, against the visits already stored, and writes each day in
 * one transaction. When a write fails, the views not yet written go to `unwritten`, then it throws.
 */
async function writeViews(app: FastifyInstance, views: readonly PageView[], unwritten: (views: PageView[]) => void) {
  const days = new Map<string, PageView[]>();
  for (const view of views) {
    const ofDay = days.get(view.day);
    if (ofDay) ofDay.push(view);
    else days.set(view.day, [view]);
  }
  const left = [...days.values()];
  for (const ofDay of [...left]) {
    try {
      const open = await app.visits.ofVisitors(ofDay[0]!.day, [...new Set(ofDay.map((view) => view.visitor))]);
      await app.visits.record(sessionViews(ofDay, open));
      left.shift();
    } catch (error) {
      unwritten(left.flat());
      throw error;
    }
  }
}

export default fp(visits, { name: 'visits', dependencies: ['config', 'repositories', 'protection', 'metrics'] });
