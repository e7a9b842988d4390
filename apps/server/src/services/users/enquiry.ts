import { randomUUID } from 'node:crypto';
import { ok } from '@growmail/contracts/api';
import { type SubmissionAccepted } from '@growmail/contracts/form-fields';
import { enquirySchema } from '@growmail/contracts/forms';
import { messages } from '@growmail/contracts/messages';
import { publicWrite } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';
import { acceptOnce } from '../../submissions/accept-once.ts';
import { storeLead } from '../../submissions/store-lead.ts';

/** POST {users}/guests/enquiry (spec "Calls made"): the 'Got Questions?' form. Stored, then mailed to sales. */
const enquiryRoutes: ZodRoutes = async (app) => {
  app.post(
    '/guests/enquiry',
    {
      schema: { body: enquirySchema },
      ...publicWrite(
        app,
        () => ({
          status: 201,
          body: ok<SubmissionAccepted>({ id: randomUUID(), message: messages.enquiryReceived }),
        }),
        'enquiry',
      ),
    },
    async (request, reply) => {
      const enquiry = request.body;
      const { answer } = await acceptOnce(app.db, 'enquiry', enquiry, async (trx) => ({
        id: await storeLead(trx, app.config, 'enquiry', enquiry.email, enquiry),
        message: messages.enquiryReceived,
      }));
      app.outbox.nudge();
      app.deliverWebhooks();
      return reply.code(201).send(ok<SubmissionAccepted>(answer));
    },
  );
};
export default enquiryRoutes;
