import { randomUUID } from 'node:crypto';
import { ok } from '@growmail/contracts/api';
import { type SubmissionAccepted } from '@growmail/contracts/form-fields';
import { demoRequestSchema } from '@growmail/contracts/forms';
import { messages } from '@growmail/contracts/messages';
import { publicWrite } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';
import { acceptOnce } from '../../submissions/accept-once.ts';
import { normalisePhone } from '../../submissions/phone.ts';
import { storeLead } from '../../submissions/store-lead.ts';

/** POST {users}/demos (spec "Calls made", D15): a demo request, stored as a lead, then mailed to sales. */
const demoRoutes: ZodRoutes = async (app) => {
  app.post(
    '/demos',
    {
      schema: { body: demoRequestSchema },
      ...publicWrite(
        app,
        () => ({
          status: 201,
          body: ok<SubmissionAccepted>({ id: randomUUID(), message: messages.demoSubmitted }),
        }),
        'demo',
      ),
    },
    async (request, reply) => {
      const { metadata } = request.body;
      const stored = { ...metadata, phone_number: normalisePhone(metadata.phone_number) };
      const { answer } = await acceptOnce(app.db, 'demo', stored, async (trx) => ({
        id: await storeLead(trx, app.config, 'demo', stored.email, stored),
        message: messages.demoSubmitted,
      }));
      app.outbox.nudge();
      app.deliverWebhooks();
      return reply.code(201).send(ok<SubmissionAccepted>(answer));
    },
  );
};
export default demoRoutes;
