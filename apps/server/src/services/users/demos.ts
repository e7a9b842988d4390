import { ok } from '@growmail/contracts/api';
import { type SubmissionAccepted } from '@growmail/contracts/form-fields';
import { demoRequestSchema } from '@growmail/contracts/forms';
import { messages } from '@growmail/contracts/messages';
import { leadWrite } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';
import { acceptLead } from '../../submissions/accept-lead.ts';
import { normalisePhone } from '../../submissions/phone.ts';

/** POST {users}/demos (spec "Calls made", D15): a demo request, stored as a lead, then mailed to sales. */
const demoRoutes: ZodRoutes = async (app) => {
  app.post('/demos', { schema: { body: demoRequestSchema }, ...leadWrite(app, 'demo') }, async (request, reply) => {
    const { metadata } = request.body;
    const fields = { ...metadata, phone_number: normalisePhone(metadata.phone_number) };
    const answer = await acceptLead(
      app,
      request,
      { kind: 'demo', email: fields.email, fields },
      messages.demoSubmitted,
    );
    return reply.code(201).send(ok<SubmissionAccepted>(answer));
  });
};
export default demoRoutes;
