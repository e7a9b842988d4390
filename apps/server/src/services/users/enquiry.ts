import { ok } from '@growmail/contracts/api';
import { type SubmissionAccepted } from '@growmail/contracts/form-fields';
import { enquirySchema } from '@growmail/contracts/forms';
import { serviceMessages } from '@growmail/contracts/service-messages';
import { leadWrite } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';
import { acceptLead } from '../../submissions/accept-lead.ts';
import { requestLanguage } from '../language.ts';

/** POST {users}/guests/enquiry (spec "Calls made"): the 'Got Questions?' form. Stored, then mailed to sales. */
const enquiryRoutes: ZodRoutes = async (app) => {
  app.post(
    '/guests/enquiry',
    { schema: { body: enquirySchema }, ...leadWrite(app, 'enquiry') },
    async (request, reply) => {
      const { language: _language, ...enquiry } = request.body;
      const language = requestLanguage(request);
      const lead = { kind: 'enquiry' as const, email: enquiry.email, fields: enquiry, texts: [enquiry.body], language };
      const answer = await acceptLead(app, request, lead, serviceMessages.enquiryReceived);
      return reply.code(201).send(ok<SubmissionAccepted>(answer));
    },
  );
};
export default enquiryRoutes;
