import { randomUUID } from 'node:crypto';
import { leadSchema, ok, type Lead, type LeadAccepted } from '@growmail/contracts';
import type { FastifyInstance } from 'fastify';

const accepted: Record<Lead['type'], string> = {
  savings: 'Thanks! Your savings estimate is on its way to our team.',
  startup: 'Application submitted successfully',
};

/** The sales service (spec §7, D15): leads are validated by the shared schema and stored before the answer. */
export default async function salesService(app: FastifyInstance) {
  app.post('/leads', { schema: { body: leadSchema } }, async (request, reply) => {
    const lead = request.body as Lead;
    const id = randomUUID();
    await app.db.kysely
      .insertInto('leads')
      .values({ id, type: lead.type, email: lead.metadata.email, metadata: JSON.stringify(lead.metadata) })
      .execute();
    const payload: LeadAccepted = { id, message: accepted[lead.type] };
    return reply.code(201).send(ok(payload));
  });
}
