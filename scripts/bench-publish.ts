/**
 * A publish from the press of Publish to every server (issue 55, D45), on this machine's loopback:
 * the real publisher (`npm run publisher`, its own process, building with `npm run build` in a
 * checkout made as docs/deploy.md makes one) and two real servers started as production starts
 * them, each learning of the version as it does in production: by reading it every 15 s on one
 * SQLite file, and through LISTEN/NOTIFY on PostgreSQL. Prints:
 *
 * - the time from the press to the new words on the first server and on the second, with the
 *   publish's own parts (waiting for the publisher, build and checks, storing);
 * - the p99 of `/` and `/pricing` on the first server, fetched over loopback throughout the
 *   publish (the build shares the machine's cores), beside the same load with nothing publishing;
 * - a preview's time, from the press of Preview to its version stored (a build, not checked);
 * - on PostgreSQL, each server's memory after 1 and after 30 swaps to new versions: the published
 *   build stored again 30 times with a changed home page, so each swap reads what changed from
 *   the database into a new Site (as a publish does), without 30 builds. Heap after a full
 *   collection, through the inspector (servers are started with --inspect on loopback for this),
 *   and RSS from /proc;
 * - then how long deleting the versions no one needs takes.
 *
 *   npm run bench:publish
 *   node scripts/bench-publish.ts --no-postgres              # the site built already; SQLite only, no swaps
 *   node scripts/bench-publish.ts --no-sqlite --swaps 60     # PostgreSQL only, a longer look at memory
 *
 * Exits 1 if a target is missed: live on one server within 2 minutes, on every server within 3,
 * p99 under 50 ms, memory after the swaps within 10 % of after one. About 10 minutes here;
 * the servers, the publisher and its checkout are removed at the end or when stopped.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { parse } from 'yaml';
import { publisherCheckout } from '@growmail/test-support/publisher';
import { exitCode, freePort, spawnServer, waitUntilReady, type ServerProcess } from '@growmail/test-support/process';
import { saveDraft } from '../apps/server/src/content/drafts.ts';
import { requestPublish } from '../apps/server/src/content/publish.ts';
import { openDatabase, type Db } from '../apps/server/src/db/index.ts';
import { dataAccess, type DataAccess } from '../apps/server/src/repositories/index.ts';
import { benchSchema } from './bench-postgres.ts';
import { untilIdle } from './origin-server.ts';

const { values: flags } = parseArgs({
  options: {
    swaps: { type: 'string', default: '30' },
    'no-postgres': { type: 'boolean', default: false },
    'no-sqlite': { type: 'boolean', default: false },
  },
});
const swaps = Number(flags.swaps);
/** Memory is read after the first swap, this one, and the last. */
const half = Math.ceil(swaps / 2);
const repo = join(import.meta.dirname, '..');
const siteDir = join(repo, 'apps/site/dist');
if (!existsSync(join(siteDir, 'index.html'))) {
  console.error('bench:publish serves the built site: run `npm run build` first (npm run bench:publish does).');
  process.exit(1);
}

const directory = mkdtempSync(join(tmpdir(), 'bench-publish-'));
const checkout = publisherCheckout();
const remote = join(directory, 'content.git');
execFileSync('git', ['init', '--quiet', '--bare', remote]);
const children: ChildProcess[] = [];
// Stopped early: no server, publisher or folder is left behind (a PostgreSQL schema may be).
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    checkout.remove();
    rmSync(directory, { recursive: true, force: true });
    process.exit(130);
  });
const problems: string[] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The home page's copy as the release has it, by language: a draft changes the English lead. */
const home = parse(readFileSync(join(checkout.site, 'src/content/home.yaml'), 'utf8')) as Record<
  'en' | 'fr',
  { heroLead: string }
>;
/** Leads as long as the release's, of words the spelling check knows: home sits at its document budget. */
const leads = [
  'Win back one-time buyers as loyal customers. Campaigns, automations, transactional email, SMS and web push that reach people at the right time, and the analytics to see what works, in one platform.',
  'Turn one-time buyers into loyal customers. Campaigns, automations, transactional email, SMS and web push that reach people at the right time, and the analytics to see what works, all in one place.',
  'Turn first-time buyers into loyal customers. Campaigns, automations, transactional email, SMS and web push that reach people at the right moment, and the analytics to see what works, in one platform.',
];

/** The settings every process of one setup shares, as /etc/growmail/growmail.env gives them. */
function settings(databaseUrl: string, publicUrl: string): Record<string, string> {
  return {
    SITE_ENV: 'production',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    SITE_DIR: siteDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
  };
}

/** Two servers as production starts them, on one database; with --inspect on loopback to read their heap. */
async function startServers(databaseUrl: string) {
  const ports = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const servers: ServerProcess[] = [];
  // One after the other: the first migrates the database.
  for (const port of ports) {
    const server = spawnServer(
      { ...settings(databaseUrl, publicUrl), PORT: String(port) },
      { nodeArgs: ['--inspect=127.0.0.1:0'] },
    );
    children.push(server.child);
    await waitUntilReady(port, server, 120_000);
    servers.push(server);
  }
  return { ports, publicUrl, servers };
}

/** The publisher as its unit runs it, on the same database, pushing to a bare repository. */
function startPublisher(databaseUrl: string, publicUrl: string) {
  const child = spawn(process.execPath, [join(repo, 'apps/server/src/publisher/main.ts')], {
    env: {
      ...process.env,
      ...settings(databaseUrl, publicUrl),
      PUBLISHER_SITE: checkout.site,
      PUBLISHER_GIT_REMOTE: remote,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  children.push(child);
  return { child, output: () => output };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await exitCode(child);
}

/** The version a server says it serves. */
const versionOf = async (port: number) =>
  (
    (await (await fetch(`http://127.0.0.1:${port}/services/health/ready`)).json()) as {
      payload: { version: string };
    }
  ).payload.version;

/** Whether the server's home page carries `words`. */
const serves = async (port: number, words: string) =>
  (await fetch(`http://127.0.0.1:${port}/`).then((answer) => answer.text())).includes(words);

/** A steady load of one page over loopback, as browsers ask (brotli), until stopped. */
function load(port: number, path: string) {
  let done: (result: autocannon.Result) => void;
  const finished = new Promise<autocannon.Result>((resolve) => (done = resolve));
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${port}${path}`,
      headers: { 'accept-encoding': 'br' },
      connections: 4,
      // 50 requests a second a page: a busy site's origin, far under what the server can answer.
      overallRate: 50,
      duration: 600,
    },
    (error, result) => {
      if (error) throw error;
      done(result);
    },
  );
  return async () => {
    instance.stop();
    return finished;
  };
}

const loaded = (port: number) => ['/', '/pricing'].map((path) => ({ path, stop: load(port, path) }));
/** The same load for 10 s with nothing publishing, to compare with. */
async function quiet(port: number) {
  const runs = loaded(port);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  return p99Of(runs);
}
const p99Of = async (runs: { path: string; stop: () => Promise<autocannon.Result> }[]) =>
  Promise.all(
    runs.map(async ({ path, stop: end }) => {
      const result = await end();
      return {
        path,
        p99: result.latency.p99,
        max: result.latency.max,
        requests: result.requests.total,
        non2xx: result.non2xx,
      };
    }),
  );

/** Saves the home page's English lead as a draft and presses Publish (or Preview): the console's use cases. */
async function press(data: DataAccess, lead: string, purpose: 'publish' | 'preview') {
  const member = await data.team.upsertMember({
    email: 'bench-editor@growmail.test',
    name: 'Bench Editor',
    zone: 'UTC',
    role: 'editor',
  });
  const editor = { memberId: member.id, name: 'Bench Editor', method: 'passkey' as const };
  const draft = await data.contentDrafts.find('home');
  const values = { en: { ...home.en, heroLead: lead }, fr: home.fr };
  await saveDraft(data, { entry: 'home', values, base: 'bench', revision: draft?.revision ?? 0 }, editor);
  const id = (await requestPublish(data, { entries: ['home'], words: [] }, editor, new Date(), purpose))!;
  return { id, pressed: Date.now() };
}

/** Waits until the publisher has finished a publish; resolves to it. */
async function finished(data: DataAccess, id: string, ms = 300_000) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const publish = (await data.contentPublishes.find(id))!;
    if (publish.state === 'passed' || publish.state === 'refused') return publish;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the publisher did not finish ${id} in ${seconds(ms)}`);
}

/**
 * One publish measured: the press, the publisher's build, and each server serving the new lead,
 * with a load on the first server throughout. Resolves to its figures.
 */
async function measurePublish(
  data: DataAccess,
  ports: number[],
  lead: string,
  publisher: ReturnType<typeof startPublisher>,
) {
  const runs = loaded(ports[0]!);
  const { id, pressed } = await press(data, lead, 'publish');
  const live: (number | undefined)[] = ports.map(() => undefined);
  let during: Awaited<ReturnType<typeof p99Of>>;
  let state = 'queued';
  try {
    // Every 100 ms: has each server the new words yet, and has the publisher refused the publish?
    while (live.includes(undefined)) {
      if (Date.now() - pressed > 300_000)
        throw new Error(`not live on every server in 5 minutes; the publisher said:\n${publisher.output()}`);
      const publish = (await data.contentPublishes.find(id))!;
      if (publish.state !== state) console.log(`  ${seconds(Date.now() - pressed)}: ${(state = publish.state)}`);
      if (publish.state === 'refused')
        throw new Error(`the publish was refused: ${JSON.stringify(publish.problems)}\n${publisher.output()}`);
      for (const [index, port] of ports.entries())
        if (live[index] === undefined && (await serves(port, lead))) live[index] = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    during = await p99Of(runs);
  }
  const publish = await finished(data, id);
  if (publish.state !== 'passed') throw new Error(`the publish was refused: ${JSON.stringify(publish.problems)}`);
  const row = await data.db.kysely
    .selectFrom('content_publishes')
    .select(['requested_at', 'started_at', 'finished_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const at = (text: string | null) => Date.parse(text!);
  const [first, second] = [Math.min(...(live as number[])), Math.max(...(live as number[]))];
  return {
    version: publish.version!,
    waited: at(row.started_at) - at(row.requested_at),
    built: at(row.finished_at) - at(row.started_at),
    first: first - pressed,
    second: second - pressed,
    during,
  };
}

function report(
  name: string,
  figures: Awaited<ReturnType<typeof measurePublish>>,
  idle: Awaited<ReturnType<typeof p99Of>>,
) {
  console.log(`\n${name}`);
  console.log(
    `  press → live: first server ${seconds(figures.first)}, second ${seconds(figures.second)} ` +
      `(waiting for the publisher ${seconds(figures.waited)}, build, checks and storing ${seconds(figures.built)})`,
  );
  for (const [index, run] of figures.during.entries()) {
    const before = idle[index]!;
    console.log(
      `  ${run.path}: p99 ${run.p99} ms (max ${run.max} ms, ${run.requests} requests, ${run.non2xx} not 2xx) during the publish; ` +
        `p99 ${before.p99} ms (max ${before.max} ms) with nothing publishing`,
    );
    if (run.p99 >= 50) problems.push(`${name}: ${run.path}'s p99 was ${run.p99} ms during the publish`);
    if (run.non2xx > 0) problems.push(`${name}: ${run.path} answered ${run.non2xx} times with an error`);
  }
  if (figures.first > 120_000) problems.push(`${name}: live on one server after ${seconds(figures.first)}`);
  if (figures.second > 180_000) problems.push(`${name}: live on every server after ${seconds(figures.second)}`);
}

/** A server's heap after a full collection, read through its inspector, and its resident set. */
async function memoryOf(server: ServerProcess) {
  const address = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(server.output())![0];
  const socket = new WebSocket(address);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  type Answer = { id?: number; result?: { result?: { value?: string } } };
  const call = (method: string, params: object = {}) =>
    new Promise<Answer>((resolve) => {
      const id = ++next;
      socket.addEventListener('message', function answer(event) {
        const message = JSON.parse(String(event.data)) as Answer;
        if (message.id !== id) return;
        socket.removeEventListener('message', answer);
        resolve(message);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  const answer = await call('Runtime.evaluate', {
    expression: 'JSON.stringify(process.memoryUsage())',
    returnByValue: true,
  });
  socket.close();
  const usage = JSON.parse(answer.result!.result!.value!) as {
    heapUsed: number;
    external: number;
    arrayBuffers: number;
  };
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
  return { heap: usage.heapUsed, external: usage.external, rss };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Swaps the servers to `count` new versions, each the published build with the home page
 * changed, stored and made current as a publish does (NOTIFY at commit); measures memory after
 * the first swap and after the last.
 */
async function measureSwaps(db: Db, data: DataAccess, servers: ServerProcess[], ports: number[], base: string) {
  const version = (await data.contentVersions.find(base))!;
  const bodies = await data.contentVersions.bodies(Object.values(version.files));
  const page = bodies.get(version.files['/index.html']!)!.toString('utf8');
  const swapTimes: number[] = [];
  const memory: Record<string, Awaited<ReturnType<typeof memoryOf>>[]> = { after1: [], afterHalf: [], afterAll: [] };
  for (let n = 1; n <= swaps; n++) {
    const files = new Map<string, Uint8Array>();
    for (const [path, hash] of Object.entries(version.files))
      if (path !== '/index.html.br' && path !== '/index.html.gz') files.set(path, bodies.get(hash)!);
    const marker = `<!-- swap ${n} -->`;
    files.set('/index.html', Buffer.from(page.replace('</body>', `${marker}</body>`)));
    const id = `bench-swap-${n}-${Date.now()}`;
    const started = Date.now();
    await db.kysely.transaction().execute(async (trx) => {
      const versions = data.contentVersions.in(trx);
      await versions.store(
        { id, publishId: `bench-${n}`, commit: version.commit, release: version.release, at: new Date() },
        files,
      );
      await versions.makeCurrent(id, new Date(), db.dialect);
    });
    for (const port of ports)
      while ((await versionOf(port)) !== id) {
        if (Date.now() - started > 120_000) throw new Error(`swap ${n} not served on ${port} in 2 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    swapTimes.push(Date.now() - started);
    const when = n === 1 ? 'after1' : n === swaps ? 'afterAll' : n === half ? 'afterHalf' : undefined;
    if (when) for (const server of servers) memory[when]!.push(await memoryOf(server));
  }
  return { swapTimes, memory };
}

const machine = () =>
  `${availableParallelism()} cores (${cpus()[0]?.model.trim()}), load ${loadavg()
    .map((each) => each.toFixed(1))
    .join(' ')}, ${mb(freemem())} free of ${mb(totalmem())}`;

try {
  console.log(`bench:publish, ${new Date().toISOString()}: ${machine()}`);

  // 1. Two servers on one SQLite file, reading the current version every 15 s.
  const sqliteUrl = `sqlite:${join(directory, 'growmail.sqlite')}`;
  if (!flags['no-sqlite']) {
    const { ports, publicUrl, servers } = await startServers(sqliteUrl);
    const db = openDatabase(sqliteUrl);
    const data = dataAccess(db);
    const publisher = startPublisher(sqliteUrl, publicUrl);
    // Waiting for a publish, as in production: started, and idle.
    await untilIdle(publisher.child.pid!);
    const idle = await quiet(ports[0]!);
    const figures = await measurePublish(data, ports, leads[0]!, publisher);
    report('SQLite, two servers reading the version every 15 s', figures, idle);

    const preview = await press(data, leads[2]!, 'preview');
    const previewed = await finished(data, preview.id);
    const previewTime = Date.parse(previewed.finishedAt!) - preview.pressed;
    console.log(
      `  preview: ${seconds(previewTime)} from the press to its pages stored (${previewed.state}), a build unchecked`,
    );
    if (previewed.state !== 'passed') problems.push('the preview was refused');
    const pushed = execFileSync('git', ['rev-parse', 'content'], { cwd: remote, encoding: 'utf8' }).trim();
    console.log(
      `  the content branch on the Git remote: ${pushed === checkout.git('rev-parse', 'content') ? 'pushed' : 'NOT pushed'}`,
    );
    if (pushed !== checkout.git('rev-parse', 'content')) problems.push('the content branch was not pushed');
    await stop(publisher.child);
    for (const server of servers) await stop(server.child);
    await db.close();
  }

  // 2. Two servers on PostgreSQL, told at once through LISTEN/NOTIFY; then the memory after swaps.
  if (!flags['no-postgres']) {
    const schema = await benchSchema('bench_publish');
    try {
      const { ports, publicUrl, servers } = await startServers(schema.url);
      const db = openDatabase(schema.url);
      const data = dataAccess(db);
      const publisher = startPublisher(schema.url, publicUrl);
      await untilIdle(publisher.child.pid!);
      const idle = await quiet(ports[0]!);
      const figures = await measurePublish(data, ports, leads[1]!, publisher);
      report('PostgreSQL, two servers told by NOTIFY', figures, idle);
      await stop(publisher.child);

      const { swapTimes, memory } = await measureSwaps(db, data, servers, ports, figures.version);
      const sorted = [...swapTimes].sort((a, b) => a - b);
      console.log(
        `\n${swaps} swaps to a new version (the published build, its home page changed), both servers: ` +
          `median ${seconds(sorted[Math.floor(sorted.length / 2)]!)}, slowest ${seconds(sorted.at(-1)!)} from the commit to both serving it`,
      );
      for (const [index] of servers.entries()) {
        const [one, middle, all] = [memory.after1![index]!, memory.afterHalf![index], memory.afterAll![index]!];
        const ratio = (after: number, before: number) => `${((after / before - 1) * 100).toFixed(1)} %`;
        console.log(
          `  server ${index + 1}: heap after a full collection ${mb(one.heap)} → ${mb(all.heap)} (${ratio(all.heap, one.heap)}), ` +
            `external ${mb(one.external)} → ${mb(all.external)}, RSS ${mb(one.rss)} → ${middle ? `${mb(middle.rss)} (${half}) → ` : ''}${mb(all.rss)} (${ratio(all.rss, one.rss)})`,
        );
        if (all.heap > one.heap * 1.1) problems.push(`server ${index + 1}: heap grew over 10 % in ${swaps} swaps`);
        if (all.rss > one.rss * 1.1) problems.push(`server ${index + 1}: RSS grew over 10 % in ${swaps} swaps`);
      }

      const started = Date.now();
      const pruned = await data.contentVersions.prune(new Date());
      console.log(
        `\nDeleting old versions: ${pruned.versions} versions and ${pruned.files} files in ${seconds(Date.now() - started)}`,
      );
      for (const server of servers) await stop(server.child);
      await db.close();
    } finally {
      await schema.drop();
    }
  }
  console.log(`\nAfter: ${machine()}`);
} finally {
  for (const child of children) await stop(child);
  checkout.remove();
  rmSync(directory, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`\n${problems.length} targets missed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery target met.');
