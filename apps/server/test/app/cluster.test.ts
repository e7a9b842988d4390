import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clientAddress, runLoad, startCluster, submission, drainOutbox } from '../../../../tests/support/cluster.ts';
import { createSchema, testDatabases } from '../../../../tests/support/databases.ts';
import { fetchThrough, nginxInstalled } from '../../../../tests/support/nginx.ts';
import { redisReachable, redisUrl } from '../../../../tests/support/redis.ts';
import { startSmtp } from '../../../../tests/support/smtp.ts';

const limit = 5;

/** A mail's text with quoted-printable soft line breaks joined, so an address reads whole. */
const unwrap = (raw: string) => raw.replace(/=\r?\n/g, '');

/**
 * Three server processes on one PostgreSQL and one Redis behind nginx on deploy/nginx.conf
 * (D27), with a real SMTP server: a mixed load of pages and all five forms, one server killed
 * with SIGKILL midway and started again. The small version of `npm run bench:cluster`.
 */
describe.runIf(
  (await testDatabases()).some((database) => database.name === 'postgres') &&
    (await redisReachable()) &&
    nginxInstalled(),
)('three servers behind nginx', () => {
  it(
    'lose no acknowledged submission, send each mail once, answer every page, and share the rate limit',
    { timeout: 150_000 },
    async () => {
      const run = randomBytes(4).toString('hex');
      const schema = await createSchema('cluster');
      const smtp = await startSmtp();
      const cluster = await startCluster({
        size: 3,
        databaseUrl: schema.url,
        redisUrl,
        smtpUrl: smtp.url,
        rateLimitPerMinute: limit,
      });
      const db = new pg.Client({ connectionString: schema.url });
      await db.connect();
      try {
        // 1. The load, with server 1 killed midway and started again.
        const load = await runLoad(cluster.base, {
          pages: 150,
          perForm: 16,
          concurrency: 6,
          run,
          midway: async () => {
            await cluster.kill(1);
            await cluster.restart(1);
          },
        });

        // Every page answered, through nginx's retries on the live servers.
        expect(load.pages.filter((status) => status !== 200)).toEqual([]);

        // Submissions answered 2xx, or 502 only for one the killed server had in hand.
        const acknowledged = load.sent.filter((each) => each.status >= 200 && each.status < 300);
        const others = load.sent.filter((each) => each.status < 200 || each.status >= 300);
        expect(others.every((each) => each.status === 502)).toBe(true);
        expect(others.length).toBeLessThanOrEqual(6);

        // 2. Zero acknowledged submissions lost.
        const { rows: leads } = await db.query<{ id: string }>('select id from leads');
        const stored = new Set(leads.map((row) => row.id));
        const lost = acknowledged.filter((each) => each.form !== 'newsletter' && !stored.has(each.id!));
        expect(lost).toEqual([]);
        const { rows: subscribers } = await db.query<{ email: string }>('select email from contacts');
        const known = new Set(subscribers.map((row) => row.email));
        expect(acknowledged.filter((each) => each.form === 'newsletter' && !known.has(each.email))).toEqual([]);

        // 3. The outbox drains, a killed server's leases included...
        const outboxDrained = await drainOutbox(schema.url, 60_000);
        expect(outboxDrained.pending).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 500));
        // ...and every mail it holds arrived exactly once: none missing, none twice.
        const { rows: outbox } = await db.query<{ message: string }>('select message from outbox');
        const expected = outbox.map((row) => ({
          to: (JSON.parse(row.message) as { to: string }).to,
          text: row.message,
        }));
        expect(smtp.received).toHaveLength(expected.length);
        for (const each of acknowledged) {
          const wanted = expected.filter((mail) => mail.text.includes(each.email)).map((mail) => mail.to);
          const arrived = smtp.received
            .filter((mail) => unwrap(mail.raw).includes(each.email))
            .flatMap((mail) => mail.to);
          expect(arrived.sort(), each.email).toEqual(wanted.sort());
          expect(wanted.length, each.email).toBeGreaterThan(0);
        }

        // 4. One address, three times the limit, spread over the three servers: `limit` pass.
        const before = await Promise.all([0, 1, 2].map((index) => cluster.metrics(index)));
        const statuses: number[] = [];
        for (let n = 0; n < 3 * limit; n++) {
          const { method, path, body } = submission('enquiry', `limit-${n}-${run}@example.com`, n);
          const answer = await fetchThrough(cluster.base, path, {
            method,
            body,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(run, 60_000) },
          });
          statuses.push(answer.status);
        }
        expect(statuses.filter((status) => status === 201)).toHaveLength(limit);
        expect(statuses.filter((status) => status === 429)).toHaveLength(2 * limit);
        const after = await Promise.all([0, 1, 2].map((index) => cluster.metrics(index)));
        const enquiries = (text: string) =>
          text
            .split('\n')
            .filter((line) => line.startsWith('growmail_http_requests_total{') && line.includes('/guests/enquiry"'))
            .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
        const answeredBy = [0, 1, 2].filter((index) => enquiries(after[index]!) > enquiries(before[index]!));
        expect(answeredBy.length).toBeGreaterThanOrEqual(2);

        console.info(
          `cluster: ${load.pages.length} pages and ${load.sent.length} submissions in ${load.seconds.toFixed(1)} s; ` +
            `${acknowledged.length} acknowledged, ${others.length} unanswered (killed mid-request), ` +
            `${smtp.received.length} mails (${outboxDrained.released} leases of the killed server released), ` +
            `limit answered by ${answeredBy.length} servers`,
        );
      } finally {
        await db.end();
        await cluster.stop();
        await smtp.close();
        await schema.drop();
      }
    },
  );
});
