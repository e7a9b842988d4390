/**
 * Whether `POST /team/sign-in/link` tells a member from a stranger by its time (issue 53): the
 * whole app in this process, a member and a stranger asked for in turn, 5 ms apart, each request
 * from an address of its own so the rate limit stays out of it. Prints the median and 90th percentile of
 * each, and their difference, as a markdown table.
 *
 *   node scripts/bench-sign-in-link.ts                  # 400 of each on SQLite in memory
 *   node scripts/bench-sign-in-link.ts --db postgres    # on PostgreSQL (BENCH_DATABASE_URL, else the tests')
 *   node scripts/bench-sign-in-link.ts --requests 2000
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/index.ts';
import { dataAccess } from '../apps/server/src/repositories/index.ts';
import { benchSchema } from './bench-postgres.ts';

const { values: flags } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, requests: { type: 'string', default: '400' } },
});
const requests = Number(flags.requests);
if (!Number.isInteger(requests) || requests < 10) throw new Error('--requests must be a whole number, at least 10');
if (flags.db !== 'sqlite' && flags.db !== 'postgres') throw new Error('--db must be sqlite or postgres');

const schema = flags.db === 'postgres' ? await benchSchema('bench_sign_in') : undefined;
const publicUrl = 'http://localhost:4099';
const databaseUrl = schema?.url ?? 'sqlite::memory:';
// Migrated before the app starts, which would otherwise give a fresh schema only its start timeout.
const db = openDatabase(databaseUrl);
await migrateToLatest(db.kysely);
db.status.markReady();
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', SITE_ENV: 'testing', PUBLIC_URL: publicUrl, DATABASE_URL: databaseUrl }),
  db,
});
const member = 'ada@growmail.test';
await dataAccess(app.db).team.upsertMember({ email: member, name: 'Ada', zone: 'UTC', role: 'sales' });

const page = await app.inject({ url: '/team/sign-in' });
const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.body)![1]!;
const cookies = Object.fromEntries(page.cookies.map((cookie) => [cookie.name, cookie.value]));

let address = 0;
async function timed(email: string): Promise<number> {
  address += 1;
  const started = process.hrtime.bigint();
  const answer = await app.inject({
    method: 'POST',
    url: '/team/sign-in/link',
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    cookies,
    headers: { origin: publicUrl },
    payload: { email, _csrf: csrf },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (answer.statusCode !== 303)
    throw new Error(`expected 303, got ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  // Probes a few milliseconds apart, as a prober's round trips are: what each answer's own time says.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return ms;
}

const times = { member: [] as number[], stranger: [] as number[] };
// A warm-up of each, then the two in turn, so a slow moment of the machine falls on both.
for (let n = 0; n < 20; n++) await timed(n % 2 ? member : `warm-${n}@elsewhere.example`);
for (let n = 0; n < requests; n++) {
  times.member.push(await timed(member));
  times.stranger.push(await timed(`stranger-${n}@elsewhere.example`));
}
await app.close();
await schema?.drop();

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;
const ms = (value: number) => value.toFixed(2);
console.log(`${flags.db}, ${requests} of each\n`);
console.log('| | median ms | p90 ms |\n| --- | --: | --: |');
for (const [who, values] of Object.entries(times)) {
  console.log(`| ${who} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.9))} |`);
}
console.log(
  `| member − stranger | ${ms(quantile(times.member, 0.5) - quantile(times.stranger, 0.5))} | ${ms(quantile(times.member, 0.9) - quantile(times.stranger, 0.9))} |`,
);
