import { randomUUID } from 'node:crypto';
import { enquirySchema, messages, ok, type Enquiry, type SubmissionAccepted } from '@growmail/contracts';
import type { FastifyInstance } from 'fastify';
import { publicWrite } from '../../plugins/protection.ts';
import { acceptOnce } from '../../submissions/accept-once.ts';
import { storeLead } from '../../submissions/store-lead.ts';

/** POST {users}/guests/enquiry (spec §7): the 'Got Questions?' form. Stored, then mailed to sales. */
export default async function enquiryRoutes(app: FastifyInstance) {
  app.post(
    '/guests/enquiry',
    {
      schema: { body: enquirySchema },
      ...publicWrite(app, () => ({
        status: 201,
        body: ok<SubmissionAccepted>({ id: randomUUID(), message: messages.enquiryReceived }),
      })),
    },
    async (request, reply) => {
      const enquiry = request.body as Enquiry;
      const { answer } = await acceptOnce(app.db, 'enquiry', enquiry, async (trx) => ({
        id: await storeLead(trx, app.config, 'enquiry', enquiry.email, enquiry),
        message: messages.enquiryReceived,
      }));
      app.outbox.nudge();
      return reply.code(201).send(ok<SubmissionAccepted>(answer));
    },
  );
}
