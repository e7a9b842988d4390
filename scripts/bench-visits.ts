/**
 * A burst of counted views (issue 40): "On this machine, a burst of 5,000 counting requests a
 * second for 10 seconds is counted in full when nothing crashes." Starts the production-mode
 * server on its own (as bench:origin does), offers it 50,000 `/visit` requests at 5,000 a second
 * from this process over loopback, on time whatever the answers (`offer`), each from a user agent
 * of its own, so each is a visit of its own, then waits for the batch to be written and counts
 * what the database holds: visits, their views and the daily totals, each beside the requests the server answered 204.
 * Then it stops the server (SIGTERM, which writes whatever still waits) and counts again.
 * Prints a markdown table; each run is once without REDIS_URL (the batch in the server's memory)
 * and once with it (one Redis list).
 *
 *   npm run bench:visits                               # 5,000 a second for 10 s, without and with Redis
 *   npm run bench:visits -- --rate 2000 --seconds 3    # a smaller burst
 *   npm run bench:visits -- --redis without            # one side only (without, with, both)
 *   npm run bench:visits -- --db postgres              # on PostgreSQL (BENCH_DATABASE_URL, else the tests')
 *   VISITS_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench:visits   # Node flags for the server
 *
 * Half the requests are the beacon (a POST whose body is `document.referrer`), half the image a
 * page without JavaScript asks for (a GET); each names a page of the site and a campaign in its
 * Referer, as a page's own request does. With Redis, the server uses a database number of its own
 * (`--redis-db`, 13 by default), its list of views emptied first, so no other server on that Redis takes its views.
 * It reports and exits 0 when a count falls short; only a run that could not measure exits 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { exitCode } from '@growmail/test-support/process';
import { deleteKey } from '@growmail/test-support/redis';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { benchSchema } from './bench-postgres.ts';
import { count, cpuMs, startOriginServer, untilIdle } from './origin-server.ts';

const { values: flags } = parseArgs({
  options: {
    rate: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    redis: { type: 'string', default: 'both' },
    'redis-db': { type: 'string', default: '13' },
    db: { type: 'string', default: 'sqlite' },
  },
});

const rate = count('rate', flags.rate);
const seconds = count('seconds', flags.seconds);
const connections = count('connections', flags.connections);
const redisDb = count('redis-db', flags['redis-db']);
const sides = flags.redis === 'both' ? [false, true] : flags.redis === 'with' ? [true] : [false];
if (!['both', 'with', 'without'].includes(flags.redis)) fail('--redis must be with, without or both');
if (flags.db !== 'sqlite' && flags.db !== 'postgres') fail('--db must be sqlite or postgres');
const redisUrl = `${process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'}/${redisDb}`;
/** How long the counts may stay still before the bench stops waiting: the batch is written every 5 s. */
const patienceMs = 20_000;

/** The pages the requests name, each with a campaign; the site's, English and French. */
const pages = ['/', '/pricing', '/demo', '/contact', '/startup', '/calculator', '/fr', '/fr/demo', '/fr/contact'];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A PostgreSQL schema of the bench's own, or a SQLite file in `directory`; dropped after. */
async function databaseIn(directory: string) {
  if (flags.db === 'sqlite') return { url: `sqlite:${join(directory, 'growmail.sqlite')}`, drop: async () => {} };
  return benchSchema('bench_visits');
}

/** What the database holds: visits, the views they count, the view rows, and the daily totals' visitors. */
async function stored(url: string) {
  const db = openDatabase(url);
  try {
    const number = async (query: ReturnType<typeof sql<{ n: string | number | null }>>) =>
      Number((await query.execute(db.kysely)).rows[0]?.n ?? 0);
    return {
      visits: await number(sql`select count(*) as n from visits`),
      views: await number(sql`select coalesce(sum(views), 0) as n from visits`),
      viewRows: await number(sql`select count(*) as n from visit_views`),
      totals: await number(sql`select coalesce(sum(visitors), 0) as n from visit_totals`),
      totalViews: await number(sql`select coalesce(sum(views), 0) as n from page_view_totals`),
    };
  } finally {
    await db.close();
  }
}

type Figures = Awaited<ReturnType<typeof stored>>;
const complete = (figures: Figures, accepted: number) => Object.values(figures).every((value) => value === accepted);

/** The request of view `n`: a user agent of its own makes each a visitor of its own (the daily hash is of the address, 127.0.0.1 for all, and the user agent). */
function viewRequest(origin: string, n: number) {
  const headers: Record<string, string> = {
    referer: `${origin}${pages[n % pages.length]}?utm_source=burst&utm_campaign=c${n % 40}`,
    'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`,
  };
  return n % 2 === 0
    ? {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
        body: 'https://news.example/a',
      }
    : { method: 'GET', headers, body: undefined };
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/**
 * Offers `--rate` requests a second for `--seconds` to `/visit`, on time whatever the answers: an
 * open loop, as a burst of visitors is. A closed loop (autocannon's, each connection waiting for its
 * answer) sends only as fast as the server answers, so it cannot offer more than the server can
 * take. Requests wait in the client's queue for one of `--connections` keep-alive connections, and
 * each one's time runs from when it was due, so a backlog shows in the latencies.
 */
async function offer(origin: string) {
  const total = rate * seconds;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let answered = 0;
  let failed = 0;
  let notOk = 0;
  let issued = 0;
  let offeredMs = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let settled = 0;
    const settle = () => {
      settled += 1;
      if (settled === total) resolve();
    };
    const send = (n: number) => {
      const due = performance.now();
      const { method, headers, body } = viewRequest(origin, n);
      // Each request is counted once: an error after its answer (a socket closed late) changes nothing.
      let counted = false;
      const count = (outcome: 'answered' | 'notOk' | 'failed') => {
        if (counted) return;
        counted = true;
        if (outcome === 'answered') answered += 1;
        else if (outcome === 'notOk') notOk += 1;
        else failed += 1;
        settle();
      };
      const request = httpRequest(`${origin}/visit`, { method, headers, agent, timeout: 60_000 }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - due);
          count(response.statusCode === 204 ? 'answered' : 'notOk');
        });
      });
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => count('failed'));
      request.end(body);
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (issued < due) send(issued++);
      if (issued < total) setTimeout(tick, 2);
      else offeredMs = performance.now() - started;
    };
    tick();
  });
  const answeredMs = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    answered,
    failed,
    notOk,
    offeredMs,
    answeredMs,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
  };
}

/** One burst against a fresh server, with or without Redis: its figures as a table row. */
async function burst(withRedis: boolean) {
  const directory = mkdtempSync(join(tmpdir(), 'gm-bench-visits-'));
  const database = await databaseIn(directory);
  try {
    if (withRedis) await deleteKey(redisUrl, 'growmail:visits:views');
    const { siteDir } = loadConfig(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {});
    const { server, origin, pid } = await startOriginServer({
      directory,
      siteDir,
      env: { DATABASE_URL: database.url, ...(withRedis ? { REDIS_URL: redisUrl } : {}) },
      nodeArgs: process.env.VISITS_NODE_ARGS?.split(' ') ?? [],
    });
    try {
      await untilIdle(pid);
      const cpuBefore = await cpuMs(pid);
      const result = await offer(origin);
      const cpu = (await cpuMs(pid)) - cpuBefore;
      const accepted = result.answered;

      // The batch is written every 5 seconds: wait until everything is counted, or the counts stay still.
      const ended = performance.now();
      let figures = await stored(database.url);
      let still = performance.now();
      while (!complete(figures, accepted) && performance.now() - still < patienceMs) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const next = await stored(database.url);
        if (next.visits !== figures.visits) still = performance.now();
        figures = next;
      }
      const drainedMs = performance.now() - ended;
      const whileRunning = complete(figures, accepted);
      server.child.kill('SIGTERM');
      const code = await exitCode(server.child);
      const afterStop = await stored(database.url);
      const sent = rate * seconds;
      return {
        side: withRedis ? 'with REDIS_URL' : 'without REDIS_URL',
        sent,
        accepted,
        offeredPerSecond: (sent / result.offeredMs) * 1000,
        answeredPerSecond: (result.answered / result.answeredMs) * 1000,
        answeredMs: result.answeredMs,
        p50: result.p50,
        p99: result.p99,
        faults: result.failed + result.notOk,
        faultText: `${result.failed} failed, ${result.notOk} not 204`,
        cpuPerRequest: (cpu * 1000) / Math.max(1, sent),
        figures,
        whileRunning,
        drainedMs,
        afterStop,
        exit: code,
      };
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await exitCode(server.child);
      }
    }
  } finally {
    await database.drop();
    rmSync(directory, { recursive: true, force: true });
  }
}

console.log(
  `# bench:visits on ${availableParallelism()} cores, load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}, Node ${process.version}\n\n` +
    `${(rate * seconds).toLocaleString('en')} requests to /visit at ${rate.toLocaleString('en')} a second ` +
    `offered on time whatever the answers (an open loop), over at most ${connections} keep-alive connections, each ` +
    `from a visitor of its own, against the production-mode server on ` +
    `${flags.db === 'sqlite' ? 'a SQLite file' : 'PostgreSQL'}; the load is generated in this process.\n`,
);
const rows: string[] = [];
for (const withRedis of sides) {
  const row = await burst(withRedis);
  const counted = (figures: Figures) =>
    `${figures.visits.toLocaleString('en')} visits, ${figures.views.toLocaleString('en')} views ` +
    `(${figures.viewRows.toLocaleString('en')} rows), totals ${figures.totals.toLocaleString('en')} / ${figures.totalViews.toLocaleString('en')}`;
  const verdict =
    row.faults === 0 && complete(row.afterStop, row.accepted) && row.whileRunning
      ? 'counted in full'
      : `**${[
          ...(row.faults > 0 ? [row.faultText] : []),
          ...(!row.whileRunning ? ['not all counted while running'] : []),
          ...(!complete(row.afterStop, row.accepted) ? ['not all counted after stopping'] : []),
        ].join('; ')}**`;
  rows.push(
    [
      row.side,
      row.sent.toLocaleString('en'),
      row.accepted.toLocaleString('en'),
      Math.round(row.offeredPerSecond).toLocaleString('en'),
      `${Math.round(row.answeredPerSecond).toLocaleString('en')}, the last at ${(row.answeredMs / 1000).toFixed(1)} s`,
      `${row.p50} / ${row.p99}`,
      row.faultText,
      `${row.cpuPerRequest.toFixed(0)} µs`,
      `${counted(row.figures)}; all written ${(row.drainedMs / 1000).toFixed(1)} s after the burst`,
      counted(row.afterStop),
      verdict,
    ].join(' | '),
  );
  console.log(`${rows.at(-1)}\n`);
}
console.log(
  '| | offered | answered 204 | offered a second | answered a second | p50 / p99 ms | faults | server CPU a request | counted while running | counted after SIGTERM | verdict |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | --- | --- |');
for (const row of rows) console.log(`| ${row} |`);
