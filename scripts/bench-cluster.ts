/**
 * Growmail as several servers behind nginx (docs/deploy.md), on this machine's loopback: real
 * server processes on one PostgreSQL and one Redis, nginx on deploy/nginx.conf, a real SMTP
 * server. Prints page and submission throughput through nginx for one, two and three servers,
 * then runs the cluster test's exercise at a larger size (a server killed with SIGKILL midway)
 * and exits 1 if it lost an acknowledged submission, sent a mail twice or not at all, left a
 * page unanswered, or let one address past the limit.
 *
 *   npm run bench:cluster
 *   BENCH_PAGES=4000 BENCH_PER_FORM=200 BENCH_CONCURRENCY=32 npm run bench:cluster
 *
 * Needs PostgreSQL and Redis as the tests do (TEST_DATABASE_URL, TEST_REDIS_URL) and Debian's
 * nginx. Every server, nginx and the load share the machine's cores, so the figures say how
 * the setup behaves here, not what separate machines would do.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { exerciseCluster, runLoad, startCluster } from '@growmail/test-support/cluster';
import { createSchema } from '@growmail/test-support/databases';
import { nginxInstalled } from '@growmail/test-support/nginx';
import { redisReachable, redisUrl } from '@growmail/test-support/redis';
import { startSmtp } from '@growmail/test-support/smtp';

const pages = Number(process.env.BENCH_PAGES ?? 2000);
const perForm = Number(process.env.BENCH_PER_FORM ?? 100);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const limit = 5;

if (!nginxInstalled() || !(await redisReachable())) {
  console.error('bench:cluster needs nginx (apt-get install nginx) and Redis.');
  process.exit(1);
}

/** One cluster of `size` servers on a fresh schema, with its SMTP server; `use` runs against it. */
async function withCluster<T>(
  size: number,
  use: (
    cluster: Awaited<ReturnType<typeof startCluster>>,
    context: {
      databaseUrl: string;
      smtp: Awaited<ReturnType<typeof startSmtp>>;
    },
  ) => Promise<T>,
): Promise<T> {
  const schema = await createSchema('bench');
  const smtp = await startSmtp();
  const cluster = await startCluster({
    size,
    databaseUrl: schema.url,
    redisUrl,
    smtpUrl: smtp.url,
    rateLimitPerMinute: limit,
  });
  try {
    return await use(cluster, { databaseUrl: schema.url, smtp });
  } finally {
    await cluster.stop();
    await smtp.close();
    await schema.drop();
  }
}

console.log(
  `${availableParallelism()} cores; ${pages} pages and ${perForm * 5} submissions per size, ${concurrency} at a time\n`,
);
const rows: string[][] = [];
for (const size of [1, 2, 3]) {
  const row = await withCluster(size, async (cluster) => {
    const run = randomBytes(4).toString('hex');
    // A short warm-up, so each size starts with its compressed pages and connections ready.
    await runLoad(cluster.base, { pages: 100, perForm: 2, concurrency, run: `${run}w` });
    const pageLoad = await runLoad(cluster.base, { pages, perForm: 0, concurrency, run });
    const formLoad = await runLoad(cluster.base, {
      pages: 0,
      perForm,
      concurrency,
      run: randomBytes(4).toString('hex'),
    });
    const failedPages = pageLoad.pages.filter((status) => status !== 200).length;
    const refused = formLoad.sent.filter((each) => each.status >= 300).length;
    return [
      String(size),
      (pageLoad.pages.length / pageLoad.seconds).toFixed(0),
      (formLoad.sent.length / formLoad.seconds).toFixed(0),
      String(failedPages + refused),
    ];
  });
  rows.push(row);
  console.log(`servers ${row[0]}: ${row[1]} pages/s, ${row[2]} submissions/s, ${row[3]} not 2xx`);
}

console.log('\n| Servers | Pages/s | Submissions/s | Not 2xx |');
console.log('| ------- | ------- | ------------- | ------- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);

console.log(`\nThree servers, server 1 killed with SIGKILL midway and restarted:`);
const report = await withCluster(3, (cluster, { databaseUrl, smtp }) =>
  exerciseCluster(cluster, {
    databaseUrl,
    received: smtp.received,
    run: randomBytes(4).toString('hex'),
    pages,
    perForm,
    concurrency,
    limit,
  }),
);
const { missing, twice } = report.mails;
const summary = {
  ...report,
  submissions: { ...report.submissions, lost: report.submissions.lost.length },
  mails: { ...report.mails, missing: missing.length, twice: twice.length },
};
console.log(JSON.stringify(summary, null, 2));
const problems = [
  ...report.pages.failed.map((status) => `a page answered ${status}`),
  ...report.submissions.unanswered
    .filter((status) => status !== 502)
    .map((status) => `a submission answered ${status}`),
  ...report.submissions.lost.map((each) => `lost: ${each}`),
  ...report.mails.missing.map((each) => `mail missing: ${each}`),
  ...report.mails.twice.map((each) => `mail sent twice: ${each}`),
  ...(report.mails.resent > report.mails.released
    ? [`${report.mails.resent} mails resent, more than the ${report.mails.released} the killed server held`]
    : []),
  ...(report.mails.pending > 0 ? [`${report.mails.pending} mails never sent`] : []),
  ...(report.limit.passed !== limit
    ? [`${report.limit.passed} submissions from one address passed a limit of ${limit}`]
    : []),
];
if (problems.length > 0) {
  console.error(`\n${problems.length} problems, the first 20:\n  ${problems.slice(0, 20).join('\n  ')}`);
  process.exit(1);
}
console.log('\nNo acknowledged submission lost, each mail sent as one message, every page answered, the limit held.');
