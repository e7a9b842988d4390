import type { LeadKind } from '@growmail/contracts/form-names';
import { idempotencyKeyHeader } from '@growmail/contracts/idempotency';
import type { SubmissionAccepted } from '@growmail/contracts/form-fields';
import type { Language } from '@growmail/contracts/language';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countSubmission } from '../plugins/metrics.ts';
import type { Executor } from '../repositories/repository.ts';
import { formSignals } from '../plugins/protection.ts';
import { trackingSecret } from '../secrets.ts';
import { acceptOnce } from './accept-once.ts';
import { leadSourceOf } from './lead-source.ts';
import { screen } from './screening.ts';
import { storeLead } from './store-lead.ts';

/**
 * Accepts a lead form's submission (D18): screened for signs of a bot, then stored as a lead
 * with its mail, webhook event and acknowledgement, or held in the quarantine with its reasons
 * and nothing sent. The visitor gets the same answer either way, so a bot learns nothing and a
 * person caught by mistake is not turned away: their lead waits for release.
 *
 * `texts` are the fields written in the person's own words, checked for being mostly links.
 * `language` is the page's (D37), kept with the lead or the held submission; not one of its fields.
 * The request's `Idempotency-Key` (D39), checked by the route's `keyedHeadersSchema`, makes
 * every try of one submission one lead (`acceptOnce`). Its source (D42) is kept beside the fields,
 * on the lead or the held row (`leadSourceOf`).
 */
export async function acceptLead(
  app: FastifyInstance,
  request: FastifyRequest,
  lead: { kind: LeadKind; email: string; fields: Record<string, unknown>; texts?: string[]; language?: Language },
  message: string,
  /** More to write with a stored lead, in its transaction (a demo's slot); what it throws rolls the lead back. */
  alongside?: (trx: Executor, leadId: string) => Promise<void>,
): Promise<SubmissionAccepted> {
  const { honeypot, stamp } = formSignals(request);
  const minFillMs = app.config.formMinFillMs;
  const secret = minFillMs > 0 ? await trackingSecret(app, app.config) : '';
  const reasons = screen({
    honeypot,
    stamp,
    secret,
    minFillMs,
    maxStampAgeMs: app.config.formStamp.maxAgeMs,
    email: lead.email,
    texts: lead.texts ?? [],
  });
  const key = request.headers[idempotencyKeyHeader];
  // Read before the transaction: it may write the views still waiting in the batch.
  const source = await leadSourceOf(app, request);
  const { answer, duplicate } = await acceptOnce(
    app,
    `lead:${lead.kind}`,
    lead.fields,
    async (trx) => {
      if (reasons.length > 0) {
        const id = await app.quarantine
          .in(trx)
          .insert(lead.kind, lead.email, lead.fields, reasons, lead.language, source);
        return { id, message } satisfies SubmissionAccepted;
      }
      const id = await storeLead(app, trx, app.config, lead.kind, lead.email, lead.fields, lead.language, source);
      await alongside?.(trx, id);
      return { id, message } satisfies SubmissionAccepted;
    },
    typeof key === 'string' ? key : undefined,
  );
  if (reasons.length > 0) {
    countSubmission(request, 'quarantined');
    if (!duplicate) request.log.info({ form: lead.kind, reasons }, 'submission quarantined');
    return answer;
  }
  app.outbox.nudge();
  app.deliverWebhooks();
  return answer;
}
