import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exerciseCluster, startCluster } from '@growmail/test-support/cluster';
import { createSchema, testDatabases } from '@growmail/test-support/databases';
import { nginxInstalled } from '@growmail/test-support/nginx';
import { redisReachable, redisUrl } from '@growmail/test-support/redis';
import { startSmtp } from '@growmail/test-support/smtp';

const limit = 5;

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
      try {
        const report = await exerciseCluster(cluster, {
          databaseUrl: schema.url,
          received: smtp.received,
          run,
          pages: 150,
          perForm: 16,
          concurrency: 6,
          limit,
        });
        console.info('cluster:', JSON.stringify(report));

        // Every page answered, through nginx's retries on the live servers.
        expect(report.pages.failed).toEqual([]);
        // A submission the killed server had in hand is answered 502, never acknowledged.
        expect(report.submissions.unanswered.every((status) => status === 502)).toBe(true);
        expect(report.submissions.unanswered.length).toBeLessThanOrEqual(6);
        expect(report.submissions.lost).toEqual([]);
        // The outbox drained, and every mail in it arrived: none missing, none sent as two messages.
        expect(report.mails.pending).toBe(0);
        expect(report.mails.missing).toEqual([]);
        expect(report.mails.twice).toEqual([]);
        expect(report.mails.distinct).toBe(report.mails.queued);
        // Only a mail the killed server had handed to SMTP, and not yet recorded, goes again,
        // as the same message (same Message-ID).
        expect(report.mails.resent).toBeLessThanOrEqual(report.mails.released);
        // One address gets `limit` submissions through, whichever servers answer it.
        expect(report.limit).toMatchObject({ passed: limit, refused: 2 * limit });
        expect(report.limit.servers).toBeGreaterThanOrEqual(2);
      } finally {
        await cluster.stop();
        await smtp.close();
        await schema.drop();
      }
    },
  );
});
