import { failure, ok } from '@growmail/contracts/api';
import { keyedHeadersSchema } from '@growmail/contracts/idempotency-schema';
import { formatFieldError, type SubmissionAccepted } from '@growmail/contracts/form-fields';
import { demoBookingRequestSchema } from '@growmail/contracts/demo-booking';
import { messages } from '@growmail/contracts/messages';
import { bookAlongside, BookingRefused, readBooking } from '../../demos/book-with-lead.ts';
import { linkSecret } from '../../demos/links.ts';
import { leadWrite } from '../../plugins/protection.ts';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';
import { acceptLead } from '../../submissions/accept-lead.ts';
import { normalisePhone, regionsFor } from '../../submissions/phone.ts';
import { requestLanguage } from '../language.ts';

/**
 * POST {users}/demos (spec "Calls made", D15): a demo request, stored as a lead, then mailed to
 * sales. With a `booking` (D32) it also takes that slot in the lead's transaction: a slot not
 * on offer or a zone that is not an IANA name is a 400, a slot taken first a 409, a client
 * address past its daily cap of slot requests a 429, and then nothing is stored. An address
 * that holds an open booking takes no other slot, and gets the same 201 (`bookAlongside`).
 */
const demoRoutes: ZodRoutes = async (app) => {
  app.post(
    '/demos',
    { schema: { headers: keyedHeadersSchema, body: demoBookingRequestSchema }, ...leadWrite(app, 'demo') },
    async (request, reply) => {
      const { metadata, booking } = request.body;
      try {
        const slot = booking ? readBooking(booking) : undefined;
        const language = requestLanguage(request);
        const fields = {
          ...metadata,
          phone_number: normalisePhone(metadata.phone_number, regionsFor(language, app.config.teamCountry)),
          ...(slot ? { demo_start: slot.start.toISOString(), demo_zone: slot.zone } : {}),
        };
        const name = `${metadata.firstname} ${metadata.lastname}`;
        const answer = await acceptLead(
          app,
          request,
          { kind: 'demo', email: fields.email, fields, language },
          messages.demoSubmitted,
          slot
            ? bookAlongside(app, app.config, await linkSecret(app, app.config), slot, {
                email: fields.email,
                name,
                client: request.ip,
                language,
              })
            : undefined,
        );
        // This server's /demo stops offering the slot from the next request on (D35).
        if (slot) app.demoPage.changed();
        return reply.code(201).send(ok<SubmissionAccepted>(answer));
      } catch (error) {
        if (!(error instanceof BookingRefused)) throw error;
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        if (error.statusCode === 409) app.demoPage.changed();
        return reply.code(error.statusCode).send(failure(formatFieldError(['booking', error.field], error.message)));
      }
    },
  );
};
export default demoRoutes;
