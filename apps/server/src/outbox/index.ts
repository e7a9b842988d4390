import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxMessage } from '../repositories/mail.ts';
import { retryDelayMs } from './mail.ts';
import { rounds } from '../lib/rounds.ts';
import { sendAlert } from './alerts.ts';

export type Outbox = {
  /** Sends what is due now; resolves when this round is done. Safe to call at any time. */
  flush: () => Promise<void>;
  /** Asks for a round soon, without waiting for it. */
  nudge: () => void;
  /** How many mails are not yet sent: due now, or waiting to retry. */
  depth: () => Promise<number>;
  /** Sends the members' alerts that are due now; resolves when this round is done. */
  flushAlerts: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

export type OutboxOptions = { pollMs?: number; retryBaseMs?: number; batchSize?: number; lockMs?: number };

/**
 * The outbox sender (D18), for mail and for members' alerts. Submissions write their mail in the same transaction as the lead;
 * this loop sends what is due through nodemailer and, on failure, keeps the row with a later
 * attempt time, so a mail outage delays notifications but never loses one. Rows are claimed
 * with a lease, so several servers on one database do not send a mail twice at once.
 */
async function outboxPlugin(app: FastifyInstance, options: OutboxOptions) {
  const { smtpUrl } = app.config.mail;
  const pollMs = options.pollMs ?? 5_000;
  const batchSize = options.batchSize ?? 20;
  const lockMs = options.lockMs ?? 120_000;
  const maxBatches = 50;
  const messageIdDomain = app.config.mail.from.split('@').pop()!;
  const transporter: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  if (!transporter) app.log.warn('SMTP_URL is not set: lead notifications wait in the outbox');

  /**
   * One round: batch after batch while batches come back full and every send works, so a
   * backlog (after an SMTP outage, or shared by several servers that claim from the same
   * rows) drains in one round instead of a batch a poll. A failure leaves the rest for the
   * next poll, and the round stops after `maxBatches` to let the timer's rhythm resume.
   */
  async function sendDue(closed: () => boolean): Promise<void> {
    // Until the schema exists there is nothing to send; the next poll tries again.
    if (!transporter || !app.db.status.ready) return;
    for (let batch = 0; batch < maxBatches && !closed(); batch++) {
      const { due, failed } = await sendBatch(transporter, closed);
      if (due < batchSize || failed > 0) return;
    }
  }

  /** Claims and sends up to `batchSize` due mails; says how many were due and how many failed. */
  async function sendBatch(transporter: Transporter, closed: () => boolean): Promise<{ due: number; failed: number }> {
    let failed = 0;
    const due = await app.mail.due(new Date(), batchSize);
    if (due.length > 0) app.log.debug({ due: due.length }, 'sending lead notifications');
    for (const row of due) {
      if (closed()) break;
      if (!(await app.mail.claim(row.id, new Date(), lockMs))) continue;
      const message = JSON.parse(row.message) as OutboxMessage;
      try {
        // The row's id is the Message-ID, the same on every attempt: if a server dies between
        // the SMTP server's acceptance and recording it, the resend is the same message, which
        // mailboxes show once.
        await transporter.sendMail({
          from: app.config.mail.from,
          ...message,
          messageId: `<${row.id}@${messageIdDomain}>`,
        });
        await app.mail.sent(row.id, row.attempts + 1);
        app.metrics.outboxSent.inc();
        app.log.info({ id: row.id }, 'lead notification sent');
      } catch (error) {
        const attempts = row.attempts + 1;
        failed += 1;
        app.metrics.outboxFailures.inc();
        const next = new Date(Date.now() + retryDelayMs(attempts, options.retryBaseMs));
        app.log.warn({ err: error, id: row.id, attempts }, 'sending a lead notification failed; will retry');
        await app.mail.attemptFailed(row.id, attempts, String((error as Error).message ?? error), next);
      }
    }
    return { due: due.length, failed };
  }

  /**
   * Members' alerts (issue 54) leave by web push, with the mails' leases and retries: a round
   * claims what is due and sends each to its device (`sendAlert`). Without VAPID keys nobody can
   * have turned alerts on since, and what waits from before is settled as too old after a day.
   */
  const { vapid, pushServiceHosts } = app.config;
  const warn = (message: string) => app.log.warn(message);
  async function sendDueAlerts(closed: () => boolean): Promise<void> {
    if (!vapid || !app.db.status.ready) return;
    for (let batch = 0; batch < maxBatches && !closed(); batch++) {
      const due = await app.alerts.due(new Date(), batchSize);
      let failed = 0;
      await Promise.all(
        due.map(async (row) => {
          if (closed() || !(await app.mail.claim(row.id, new Date(), lockMs))) return;
          const outcome = await sendAlert(app, { vapid, hosts: pushServiceHosts, warn }, row);
          app.metrics.teamAlerts.inc({ outcome });
          if (outcome === 'sent') return app.mail.sent(row.id, row.attempts + 1);
          if (outcome === 'failed') {
            failed += 1;
            const attempts = row.attempts + 1;
            const next = new Date(Date.now() + retryDelayMs(attempts, options.retryBaseMs));
            await app.mail.attemptFailed(row.id, attempts, 'the push service did not take it', next);
          }
        }),
      );
      if (due.length < batchSize || failed > 0) return;
    }
  }

  // An outage is logged once by the database's status; the rows wait for the next round.
  const onError = (error: unknown) => {
    if (!app.db.status.report(error)) app.log.error({ err: error }, 'the outbox round failed');
  };
  const sender = rounds(sendDue, onError);
  const alerter = rounds(sendDueAlerts, onError);
  const outbox: Outbox = {
    flush: sender.flush,
    nudge: () => {
      if (transporter) sender.nudge();
      if (vapid) alerter.nudge();
    },
    depth: () => app.mail.unsent(),
    flushAlerts: alerter.flush,
  };
  app.decorate('outbox', outbox);

  if (transporter) app.addHook('onReady', async () => sender.start(pollMs));
  if (vapid) app.addHook('onReady', async () => alerter.start(pollMs));
  // Runs before the database closes (it was registered earlier, so its onClose runs later).
  app.addHook('onClose', async () => {
    await Promise.all([sender.stop(), alerter.stop()]);
    transporter?.close();
  });
}

export default fp(outboxPlugin, { name: 'outbox', dependencies: ['config', 'repositories', 'metrics'] });
