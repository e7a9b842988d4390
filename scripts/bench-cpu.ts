/**
 * The server's CPU time per request (issue 29), page by page: the process's own utime and stime
 * from /proc over a fixed number of requests, the best of a few runs. Unlike requests per second
 * it holds on a machine shared with other work, since time the server waits for a core is not
 * counted; a run that other work slowed costs more cache misses, hence the best of several.
 *
 *   npm run bench:cpu                                  # the default pages, 20,000 requests, best of 3
 *   npm run bench:cpu -- --requests 50000 --runs 5 -- /terms /calculator
 *   npm run bench:cpu -- --profile /tmp/gm-profile     # also the server's V8 CPU profile, written at exit
 *   npm run bench:cpu -- --floor                       # beside Node's own HTTP server sending the same answer
 *   LOG_LEVEL=warn npm run bench:cpu                   # the server without its request log
 *
 * The server runs as bench:origin runs it (scripts/origin-server.ts); the load is autocannon in
 * this process, 50 connections asking for gzip, as bench:origin's is. Each page gets a warm-up
 * of a quarter of the requests first, and the server is let go idle before each run.
 *
 * `--floor` also measures scripts/bare-server.ts, a bare node:http server answering with the
 * server's own answer to the page (headers and gzip body), under the same load: the part of the
 * cost that is Node's and the kernel's, which no change to this server can remove.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { exitCode } from '@growmail/test-support/process';
import { loadConfig } from '../apps/server/src/config.ts';
import { answerOf, count, cpuTimes, startBareServer, startOriginServer, untilIdle } from './origin-server.ts';

const { values: flags, positionals } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    profile: { type: 'string' },
    floor: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const requests = count('requests', flags.requests);
const runs = count('runs', flags.runs);
const connections = count('connections', flags.connections);
/** Small pages, where the fixed cost per request is most of it, and the largest, the home pages. */
const pages = positionals.length > 0 ? positionals : ['/calculator', '/terms', '/privacy', '/', '/fr'];

/** `amount` requests to one URL; fails the run on any error or answer other than 2xx. */
async function load(url: string, amount: number) {
  const result = await autocannon({ url, connections, amount, headers: { 'accept-encoding': 'gzip' } });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
}

type Cost = { user: number; system: number; total: number };

/** A process's CPU per request on one URL, each run's, after a warm-up. */
async function measure(pid: number, url: string): Promise<Cost[]> {
  await load(url, Math.ceil(requests / 4));
  const measured: Cost[] = [];
  for (let run = 0; run < runs; run++) {
    await untilIdle(pid);
    const before = await cpuTimes(pid);
    await load(url, requests);
    // The requests are all answered when autocannon returns: what follows is not theirs.
    const after = await cpuTimes(pid);
    const user = (after.user - before.user) * (1000 / requests);
    const system = (after.system - before.system) * (1000 / requests);
    measured.push({ user, system, total: user + system });
  }
  return measured;
}

/** A table row: the best run split into user and kernel time, then every run. */
function row(label: string, measured: Cost[]): string {
  const best = measured.reduce((least, each) => (each.total < least.total ? each : least));
  const every = measured.map(({ total }) => total.toFixed(1)).join(', ');
  return `| ${label} | ${best.total.toFixed(1)} | ${best.user.toFixed(1)} | ${best.system.toFixed(1)} | ${every} |`;
}

const { siteDir } = loadConfig(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {});
const directory = mkdtempSync(join(tmpdir(), 'gm-bench-cpu-'));
const nodeArgs = flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(flags.profile)}`] : [];
const { server, origin, pid } = await startOriginServer({ directory, siteDir, nodeArgs }).catch((error: unknown) => {
  rmSync(directory, { recursive: true, force: true });
  throw error;
});

try {
  await untilIdle(pid);
  console.log(
    `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}; LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}; ` +
      `${requests.toLocaleString('en')} requests a run, ${connections} connections, Accept-Encoding: gzip; best of ${runs}` +
      `${flags.profile ? '; under --cpu-prof, which costs CPU of its own' : ''}.\n`,
  );
  console.log('| Page | CPU µs per request (best run) | of which user | of which kernel | Every run |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const page of pages) {
    const url = `${origin}${page}`;
    console.log(row(`\`${page}\``, await measure(pid, url)));
    if (!flags.floor) continue;
    const bare = await startBareServer(directory, await answerOf(url));
    try {
      console.log(row(`\`${page}\`, bare node:http`, await measure(bare.child.pid!, `${bare.origin}${page}`)));
    } finally {
      bare.child.kill();
      await exitCode(bare.child);
    }
  }
} finally {
  server.child.kill('SIGTERM');
  await exitCode(server.child);
  rmSync(directory, { recursive: true, force: true });
  if (flags.profile) console.log(`\nThe server's CPU profile is in ${resolve(flags.profile)}.`);
}
