import { randomUUID } from 'node:crypto';
import { demoRequestSchema, messages, ok, type DemoRequest, type SubmissionAccepted } from '@growmail/contracts';
import type { FastifyInstance } from 'fastify';
import { publicWrite } from '../../plugins/protection.ts';
import { acceptOnce } from '../../submissions/accept-once.ts';
import { normalisePhone } from '../../submissions/phone.ts';
import { storeLead } from '../../submissions/store-lead.ts';

/** POST {users}/demos (spec §7, D15): a demo request, stored as a lead, then mailed to sales. */
export default async function demoRoutes(app: FastifyInstance) {
  app.post(
    '/demos',
    {
      schema: { body: demoRequestSchema },
      ...publicWrite(app, () => ({
        status: 201,
        body: ok<SubmissionAccepted>({ id: randomUUID(), message: messages.demoSubmitted }),
      })),
    },
    async (request, reply) => {
      const { metadata } = request.body as DemoRequest;
      const stored = { ...metadata, phone_number: normalisePhone(metadata.phone_number) };
      const { answer } = await acceptOnce(app.db, 'demo', stored, async (trx) => ({
        id: await storeLead(trx, app.config, 'demo', stored.email, stored),
        message: messages.demoSubmitted,
      }));
      app.outbox.nudge();
      return reply.code(201).send(ok<SubmissionAccepted>(answer));
    },
  );
}
