import { ok } from '@growmail/contracts/api';
import type { ZodRoutes } from '../../plugins/zod-validation.ts';
import { mintFormStamp } from '../../submissions/screening.ts';
import { trackingSecret } from '../../secrets.ts';

/**
 * GET {users}/guests/form-stamp: a lead form on a page without a stamp of its own asks for its
 * signed time stamp when it appears and sends it back with the submission, so the server can
 * tell a person's pace from a bot's without any per-visitor state. A lead form's page carries
 * its window's stamp (D35), which the form uses instead.
 */
const formStampRoutes: ZodRoutes = async (app) => {
  app.get('/guests/form-stamp', async (_request, reply) => {
    const stamp = mintFormStamp(await trackingSecret(app, app.config));
    return reply.header('cache-control', 'no-store').send(ok({ stamp }));
  });
};
export default formStampRoutes;
