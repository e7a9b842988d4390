import { randomUUID } from 'node:crypto';
import { leadSchema, messages, ok, type Lead, type LeadAccepted } from '@growmail/contracts';
import type { FastifyInstance } from 'fastify';
import { publicWrite } from '../../plugins/protection.ts';
import { acceptOnce } from '../../submissions/accept-once.ts';
import { normalisePhone } from '../../submissions/phone.ts';
import { storeLead } from '../../submissions/store-lead.ts';

const accepted: Record<Lead['type'], string> = {
  savings: 'Thanks! Your savings estimate is on its way to our team.',
  startup: messages.startupSubmitted,
};

/**
 * The sales service (spec §7, D15): leads are validated by the shared schema, stored with
 * their notification to sales before the answer (D18), and a repeat within a minute collapses.
 */
export default async function salesService(app: FastifyInstance) {
  app.post(
    '/leads',
    {
      schema: { body: leadSchema },
      ...publicWrite(app, (request) => {
        const type = (request.body as { type?: unknown } | null)?.type;
        const message = type === 'savings' ? accepted.savings : accepted.startup;
        return { status: 201, body: ok<LeadAccepted>({ id: randomUUID(), message }) };
      }),
    },
    async (request, reply) => {
      const lead = request.body as Lead;
      const metadata =
        lead.type === 'startup'
          ? { ...lead.metadata, phone_number: normalisePhone(lead.metadata.phone_number) }
          : lead.metadata;
      const { answer } = await acceptOnce(app.db, `lead:${lead.type}`, metadata, async (trx) => {
        const payload: LeadAccepted = {
          id: await storeLead(trx, app.config, lead.type, metadata.email, metadata),
          message: accepted[lead.type],
        };
        return payload;
      });
      app.outbox.nudge();
      return reply.code(201).send(ok(answer));
    },
  );
}
