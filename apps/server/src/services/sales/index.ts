import { ok } from '@growmail/contracts/api';
import { keyedHeadersSchema } from '@growmail/contracts/idempotency-schema';
import type { SubmissionAccepted } from '@growmail/contracts/form-fields';
import { leadSchema, type Lead } from '@growmail/contracts/leads';
import { messages } from '@growmail/contracts/messages';
import { serviceMessages } from '@growmail/contracts/service-messages';
import { requestLanguage } from '../language.ts';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { FormName } from '@growmail/contracts/form-names';
import { leadWrite } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';
import { acceptLead } from '../../submissions/accept-lead.ts';
import { normalisePhone, regionsFor } from '../../submissions/phone.ts';

const accepted: Record<Lead['type'], string> = {
  savings: serviceMessages.savingsReceived,
  startup: messages.startupSubmitted,
};

/**
 * Which form a lead came from, for the submissions metric: the body's type when it names one.
 * A lead refused before its body is read (too large, too many) names none.
 */
const namedForm = z.object({ type: z.enum(['savings', 'startup'] satisfies Lead['type'][]) });
const leadForm = (request: FastifyRequest): FormName => {
  const named = namedForm.safeParse(request.body);
  return named.success ? named.data.type : 'unknown';
};

/**
 * The sales service (spec "Calls made", D15): leads are validated by the shared schema, stored with
 * their notification to sales before the answer (D18), and a repeat within a minute collapses.
 */
const salesService: ZodRoutes = async (app) => {
  app.post(
    '/leads',
    { schema: { headers: keyedHeadersSchema, body: leadSchema }, ...leadWrite(app, leadForm) },
    async (request, reply) => {
      const { language: _language, ...lead } = request.body;
      const language = requestLanguage(request);
      const regions = regionsFor(language, app.config.teamCountry);
      const fields =
        lead.type === 'startup'
          ? { ...lead.metadata, phone_number: normalisePhone(lead.metadata.phone_number, regions) }
          : lead.metadata;
      const answer = await acceptLead(
        app,
        request,
        { kind: lead.type, email: fields.email, fields, language },
        accepted[lead.type],
      );
      return reply.code(201).send(ok<SubmissionAccepted>(answer));
    },
  );
};
export default salesService;
