import { formStampStandIn } from '@growmail/contracts/form-posts';
import type { FastifyInstance } from 'fastify';
import { trackingSecret } from '../secrets.ts';
import { mintFormStamp } from '../submissions/screening.ts';

const secrets = new WeakMap<FastifyInstance, string>();

/** Whether a built page carries a lead form's stamp to be signed as it is sent. */
export const hasFormStamp = (html: string) => html.includes(formStampStandIn);

/**
 * The page with its form stamp signed now (D30): a visitor without JavaScript sends back the
 * time the page left the server, as the island sends the time its form appeared. While the
 * stamp's secret cannot be read (the database is away and TRACKING_SECRET unset) the field is
 * left empty, and such a lead is held for a person to release, never lost.
 */
export async function withFormStamp(app: FastifyInstance, html: string): Promise<string> {
  if (!hasFormStamp(html)) return html;
  let secret = secrets.get(app);
  if (!secret) {
    try {
      secret = await trackingSecret(app, app.config);
      secrets.set(app, secret);
    } catch (error) {
      app.log.warn({ reason: (error as Error).message }, 'form stamp not signed: no secret');
    }
  }
  return html.replaceAll(formStampStandIn, secret ? mintFormStamp(secret) : '');
}
